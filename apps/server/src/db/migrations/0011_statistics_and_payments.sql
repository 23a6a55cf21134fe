CREATE TABLE "entitlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entitlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" bigint NOT NULL,
	"widget_type" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"reverted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pay_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" integer,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"no" text NOT NULL,
	"buyer_office_id" integer NOT NULL,
	"seller_office_id" integer NOT NULL,
	"service_id" integer,
	"item" jsonb NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"pay_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_before" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmed_by" integer,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"invoice_no" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "pay_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quantity" bigint NOT NULL,
	"widget_type" text,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"duration_days" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"page" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_material_day" (
	"day" date NOT NULL,
	"office_id" integer NOT NULL,
	"type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_material_day_office_id_day_type_pk" PRIMARY KEY("office_id","day","type")
);
--> statement-breakpoint
CREATE TABLE "stat_office_day" (
	"day" date NOT NULL,
	"office_id" integer NOT NULL,
	"terminals" integer DEFAULT 0 NOT NULL,
	"online_terminals" integer DEFAULT 0 NOT NULL,
	"scheduled_terminals" integer DEFAULT 0 NOT NULL,
	"started_terminals" integer DEFAULT 0 NOT NULL,
	"online_sec" bigint DEFAULT 0 NOT NULL,
	"scheduled_sec" bigint DEFAULT 0 NOT NULL,
	"on_scheduled_sec" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_office_day_office_id_day_pk" PRIMARY KEY("office_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_page_day" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"page" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_page_day_user_id_day_page_pk" PRIMARY KEY("user_id","day","page")
);
--> statement-breakpoint
CREATE TABLE "stat_pop_day" (
	"day" date NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"program_id" integer NOT NULL,
	"material_id" integer DEFAULT 0 NOT NULL,
	"widget_id" text DEFAULT '' NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_pop_day_terminal_id_day_kind_program_id_material_id_widget_id_pk" PRIMARY KEY("terminal_id","day","kind","program_id","material_id","widget_id")
);
--> statement-breakpoint
CREATE TABLE "stat_pop_office_day" (
	"day" date NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"program_id" integer NOT NULL,
	"material_id" integer DEFAULT 0 NOT NULL,
	"widget_id" text DEFAULT '' NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"ms" bigint DEFAULT 0 NOT NULL,
	"terminals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_pop_office_day_office_id_day_kind_program_id_material_id_widget_id_pk" PRIMARY KEY("office_id","day","kind","program_id","material_id","widget_id")
);
--> statement-breakpoint
CREATE TABLE "stat_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"watermark" timestamp with time zone NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_terminal_day" (
	"day" date NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"online_sec" integer DEFAULT 0 NOT NULL,
	"scheduled_sec" integer DEFAULT 0 NOT NULL,
	"on_scheduled_sec" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_terminal_day_terminal_id_day_pk" PRIMARY KEY("terminal_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_terminal_month" (
	"month" date NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"online_sec" bigint DEFAULT 0 NOT NULL,
	"scheduled_sec" bigint DEFAULT 0 NOT NULL,
	"on_scheduled_sec" bigint DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_terminal_month_terminal_id_month_pk" PRIMARY KEY("terminal_id","month")
);
--> statement-breakpoint
CREATE TABLE "stat_user_day" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"actions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_user_day_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "terminal_online_spans" (
	"terminal_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "terminal_online_spans_terminal_id_started_at_pk" PRIMARY KEY("terminal_id","started_at")
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_order_id_pay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_events" ADD CONSTRAINT "pay_events_order_id_pay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pay_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_buyer_office_id_offices_id_fk" FOREIGN KEY ("buyer_office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_seller_office_id_offices_id_fk" FOREIGN KEY ("seller_office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_service_id_pay_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."pay_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_services" ADD CONSTRAINT "pay_services_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_services" ADD CONSTRAINT "pay_services_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_online_spans" ADD CONSTRAINT "terminal_online_spans_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_order_uq" ON "entitlements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "entitlements_office_idx" ON "entitlements" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "entitlements_ending_idx" ON "entitlements" USING btree ("ends_at") WHERE "entitlements"."reverted_at" is null;--> statement-breakpoint
CREATE INDEX "entitlements_starting_idx" ON "entitlements" USING btree ("starts_at") WHERE "entitlements"."applied_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_events_uq" ON "pay_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_no_uq" ON "pay_orders" USING btree ("no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_invoice_uq" ON "pay_orders" USING btree ("invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_provider_ref_uq" ON "pay_orders" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "pay_orders_buyer_idx" ON "pay_orders" USING btree ("buyer_office_id","id");--> statement-breakpoint
CREATE INDEX "pay_orders_seller_idx" ON "pay_orders" USING btree ("seller_office_id","id");--> statement-breakpoint
CREATE INDEX "pay_orders_pending_idx" ON "pay_orders" USING btree ("pay_before") WHERE "pay_orders"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "pay_services_code_uq" ON "pay_services" USING btree ("office_id","code");--> statement-breakpoint
CREATE INDEX "page_views_at_idx" ON "page_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "page_views_user_idx" ON "page_views" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "stat_material_day_day_idx" ON "stat_material_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_office_day_day_idx" ON "stat_office_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_page_day_office_idx" ON "stat_page_day" USING btree ("office_id","day");--> statement-breakpoint
CREATE INDEX "stat_pop_day_office_idx" ON "stat_pop_day" USING btree ("office_id","day");--> statement-breakpoint
CREATE INDEX "stat_pop_day_day_idx" ON "stat_pop_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_pop_office_day_day_idx" ON "stat_pop_office_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_terminal_day_office_idx" ON "stat_terminal_day" USING btree ("office_id","day");--> statement-breakpoint
CREATE INDEX "stat_terminal_day_day_idx" ON "stat_terminal_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_terminal_month_office_idx" ON "stat_terminal_month" USING btree ("office_id","month");--> statement-breakpoint
CREATE INDEX "stat_user_day_office_idx" ON "stat_user_day" USING btree ("office_id","day");--> statement-breakpoint
CREATE INDEX "stat_user_day_day_idx" ON "stat_user_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "terminal_online_spans_ended_idx" ON "terminal_online_spans" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "play_events_at_brin" ON "play_events" USING brin ("at");