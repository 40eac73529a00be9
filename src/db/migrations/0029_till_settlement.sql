-- What became of money staff took (a phone booking's Christmas Day deposit, an occasion's deposit or price) once
-- its booking was cancelled (decision 051): staff record at the till that they gave the whole of it back (its
-- pence) or kept it (0), so the reports count what went back as refunded. Nothing of it ever moved online, so
-- nothing else could say it. Bookings from before this release have not been recorded (null).
ALTER TABLE "occasion_bookings" ADD COLUMN "till_refund_pence" integer;--> statement-breakpoint
ALTER TABLE "occasion_bookings" ADD CONSTRAINT "occasion_bookings_till_refund_pence_check" CHECK ("occasion_bookings"."till_refund_pence" >= 0);