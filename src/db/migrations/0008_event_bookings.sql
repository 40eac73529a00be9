ALTER TABLE "events" ADD COLUMN "takes_bookings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "booking_covers" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "how_to_come" text DEFAULT '' NOT NULL;