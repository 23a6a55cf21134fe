DROP INDEX "uploads_user_file_uq";--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "purpose" text DEFAULT 'library' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purpose" text DEFAULT 'library' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_user_file_uq" ON "uploads" USING btree ("user_id","md5","size","folder_id","purpose");