CREATE TABLE "content_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"note" text,
	"by_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "play_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"doc" jsonb NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"conflict_count" integer DEFAULT 0 NOT NULL,
	"program_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_date" text,
	"end_date" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_targets" (
	"publication_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"state" text NOT NULL,
	"done" integer,
	"total" integer,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_targets_publication_id_terminal_id_pk" PRIMARY KEY("publication_id","terminal_id")
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "publications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"name" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"state" text NOT NULL,
	"publish_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"target_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "publish_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"doc" jsonb NOT NULL,
	"kind" text NOT NULL,
	"priority" text NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "publication_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "content_history" ADD CONSTRAINT "content_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_plans" ADD CONSTRAINT "play_plans_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_plans" ADD CONSTRAINT "play_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_plans" ADD CONSTRAINT "play_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_targets" ADD CONSTRAINT "publication_targets_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_targets" ADD CONSTRAINT "publication_targets_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_tenant_id_offices_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_messages" ADD CONSTRAINT "publish_messages_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_messages" ADD CONSTRAINT "publish_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_messages" ADD CONSTRAINT "publish_messages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_history_content_idx" ON "content_history" USING btree ("kind","content_id","id");--> statement-breakpoint
CREATE INDEX "play_plans_office_idx" ON "play_plans" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "play_plans_state_idx" ON "play_plans" USING btree ("state");--> statement-breakpoint
CREATE INDEX "play_plans_programs_idx" ON "play_plans" USING gin ("program_ids");--> statement-breakpoint
CREATE INDEX "publication_targets_terminal_idx" ON "publication_targets" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "publication_targets_state_idx" ON "publication_targets" USING btree ("publication_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_tenant_name_uq" ON "publications" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "publications_content_idx" ON "publications" USING btree ("kind","content_id","state");--> statement-breakpoint
CREATE INDEX "publications_office_idx" ON "publications" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "publish_messages_office_idx" ON "publish_messages" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "publish_messages_state_idx" ON "publish_messages" USING btree ("state");--> statement-breakpoint
CREATE INDEX "terminals_publications_idx" ON "terminals" USING gin ("publication_ids");