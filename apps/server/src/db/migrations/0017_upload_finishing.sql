ALTER TABLE "uploads" ADD COLUMN IF NOT EXISTS "finishing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN IF NOT EXISTS "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN IF NOT EXISTS "touched_at" timestamp with time zone DEFAULT now() NOT NULL;