-- When a table booking was cancelled (profiles count a guest's late cancellations from it, not from its last
-- change): a booking cancelled before this release takes its trail's cancellation, or else its last change.
-- Every search by e-mail compares lower(email): these indexes serve it (the two plain ones never could).
DROP INDEX "christmas_reservations_email_idx";--> statement-breakpoint
DROP INDEX "occasion_bookings_email_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" SET "cancelled_at" = coalesce(
  (SELECT max("at") FROM "audit_events"
    WHERE "subject_type" = 'booking' AND "subject_id" = "bookings"."id"::text AND "type" = 'booking.cancelled'),
  "updated_at")
WHERE "status" = 'CANCELLED';--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "christmas_bookings_email_idx" ON "christmas_bookings" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "standby_entries_email_idx" ON "standby_entries" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "christmas_reservations_email_idx" ON "christmas_reservations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "occasion_bookings_email_idx" ON "occasion_bookings" USING btree (lower("email"));