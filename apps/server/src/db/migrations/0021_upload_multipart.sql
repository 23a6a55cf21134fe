ALTER TABLE "uploads" ADD COLUMN IF NOT EXISTS "multipart_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN IF NOT EXISTS "parts" jsonb DEFAULT '{}'::jsonb NOT NULL;