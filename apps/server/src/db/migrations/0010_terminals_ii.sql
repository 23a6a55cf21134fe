CREATE TABLE "alarms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"message" text NOT NULL,
	"detail" jsonb,
	"count" integer DEFAULT 1 NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" integer,
	"clear_note" text
);
--> statement-breakpoint
CREATE TABLE "player_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"model" text,
	"md5" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"name" text NOT NULL,
	"remarks" text,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sync_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"terminal_ids" integer[] NOT NULL,
	"start_at" timestamp (3) with time zone NOT NULL,
	"command_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "strategy_id" integer;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "play_now" jsonb;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "position_source" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "position_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_packages" ADD CONSTRAINT "player_packages_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_packages" ADD CONSTRAINT "player_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_sessions" ADD CONSTRAINT "sync_sessions_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_sessions" ADD CONSTRAINT "sync_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_office_idx" ON "alarms" USING btree ("office_id","raised_at");--> statement-breakpoint
CREATE INDEX "alarms_terminal_idx" ON "alarms" USING btree ("terminal_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_uq" ON "alarms" USING btree ("terminal_id","kind") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "strategies_office_idx" ON "strategies" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "sync_sessions_office_idx" ON "sync_sessions" USING btree ("office_id","created_at");--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE set null ON UPDATE no action;