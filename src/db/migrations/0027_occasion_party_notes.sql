-- What a Christmas Day booking holds that an occasion booking did not (decision 049, before Christmas moves onto
-- the occasions): the party's allergies and what it celebrates, beside its diners' own; who last changed it;
-- why a checkout ended unserved (a fixed set of reasons); and the utm_source of the link the organiser came by.
-- Bookings made before this release have no party notes ('') and none of the rest (null).
ALTER TABLE "occasion_bookings" ADD COLUMN "allergies" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "occasion_bookings" ADD COLUMN "occasion_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "occasion_bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "occasion_bookings" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "occasion_bookings" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "occasion_bookings" ADD CONSTRAINT "occasion_bookings_cancel_reason_check" CHECK ("occasion_bookings"."cancel_reason" in ('expired', 'cancelled', 'payment_failed', 'checkout_failed', 'replaced', 'unseatable'));