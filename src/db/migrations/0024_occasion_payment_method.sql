-- How staff took what an occasion's phone booking owed ahead (card by phone, cash, or waived), as Christmas Day's
-- phone bookings record it (migration 0015): bookings made before it, and online ones, keep null.
ALTER TABLE "occasion_bookings" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "occasion_bookings" ADD CONSTRAINT "occasion_bookings_payment_method_check" CHECK ("occasion_bookings"."payment_method" in ('card-by-phone', 'cash', 'waived'));