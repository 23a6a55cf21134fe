CREATE TABLE "material_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_refs" (
	"material_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"owner_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"md5" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime" text,
	"url" text,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"codec" text,
	"thumb_md5" text,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"convert_state" text DEFAULT 'none' NOT NULL,
	"convert_progress" integer DEFAULT 0 NOT NULL,
	"convert_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"office_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"md5" text NOT NULL,
	"size" bigint NOT NULL,
	"name" text NOT NULL,
	"folder_id" integer,
	"chunk_size" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"received" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "capacity_bytes" bigint;--> statement-breakpoint
ALTER TABLE "material_folders" ADD CONSTRAINT "material_folders_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_refs" ADD CONSTRAINT "material_refs_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_folders_office_idx" ON "material_folders" USING btree ("office_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_refs_uq" ON "material_refs" USING btree ("material_id","owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "materials_office_idx" ON "materials" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "materials_folder_idx" ON "materials" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "materials_md5_idx" ON "materials" USING btree ("md5","size");--> statement-breakpoint
CREATE INDEX "materials_review_idx" ON "materials" USING btree ("review_state");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_user_file_uq" ON "uploads" USING btree ("user_id","md5","size","folder_id");