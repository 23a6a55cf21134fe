-- The offline runway (issue 24): until when each terminal plays correctly without the network, from the
-- manifest it holds and what it reports, and what ends it (docs/runway.md). Null until first computed;
-- runway_until null with a reason of 'beyond': nothing ends within 7 days.
ALTER TABLE "terminals" ADD COLUMN "runway_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "runway_reason" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "runway_name" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "runway_behind" boolean;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "runway_at" timestamp with time zone;
