CREATE TABLE "play_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "play_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"scene_id" text NOT NULL,
	"widget_id" text,
	"material_id" integer,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_commands" (
	"id" text PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"name" text NOT NULL,
	"args" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"data" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "terminal_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"device_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"enrol_code" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"model" text NOT NULL,
	"version" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" jsonb,
	"online" boolean DEFAULT false NOT NULL,
	"fault" text,
	"last_seen_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"ip" text,
	"program_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"screenshot_md5" text,
	"screenshot_at" timestamp with time zone,
	"authorised_by" integer,
	"authorised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_events" ADD CONSTRAINT "play_events_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_commands" ADD CONSTRAINT "terminal_commands_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_commands" ADD CONSTRAINT "terminal_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_events" ADD CONSTRAINT "terminal_events_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_groups" ADD CONSTRAINT "terminal_groups_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_group_id_terminal_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."terminal_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_authorised_by_users_id_fk" FOREIGN KEY ("authorised_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_events_terminal_at_idx" ON "play_events" USING btree ("terminal_id","at");--> statement-breakpoint
CREATE INDEX "terminal_commands_terminal_idx" ON "terminal_commands" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "terminal_events_terminal_idx" ON "terminal_events" USING btree ("terminal_id","at");--> statement-breakpoint
CREATE INDEX "terminal_groups_office_idx" ON "terminal_groups" USING btree ("office_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_device_uq" ON "terminals" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_token_uq" ON "terminals" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_enrol_uq" ON "terminals" USING btree ("enrol_code");--> statement-breakpoint
CREATE INDEX "terminals_office_idx" ON "terminals" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "terminals_group_idx" ON "terminals" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "terminals_state_idx" ON "terminals" USING btree ("state","online");