ALTER TABLE "uploads" ADD COLUMN "finishing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "touched_at" timestamp with time zone DEFAULT now() NOT NULL;