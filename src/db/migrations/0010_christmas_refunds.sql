ALTER TABLE "christmas_bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "christmas_bookings" ADD COLUMN "refund_pence" integer;--> statement-breakpoint
ALTER TABLE "christmas_bookings" ADD COLUMN "refund_id" text;