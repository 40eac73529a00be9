-- An occasion booking's reminder of the visit (REMINDER_LEAD_HOURS before its sitting, as a table's and Christmas
-- Day's) and its "Yes, we're coming": bookings made before it are simply not yet reminded or confirmed.
ALTER TABLE "occasion_bookings" ADD COLUMN "visit_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "occasion_bookings" ADD COLUMN "coming_confirmed_at" timestamp with time zone;