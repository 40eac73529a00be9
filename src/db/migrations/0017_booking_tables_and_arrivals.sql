-- Issue 28: in tables mode a booking holds tables (one, or the tables of a join), and staff mark the night's
-- arrivals: arrived, seated, left (its tables free from then) and no-show. Bookings taken before stay in
-- covers mode with no tables; the switch to tables mode places them.
CREATE TABLE "booking_tables" (
	"booking_id" uuid NOT NULL,
	"table_id" text NOT NULL,
	CONSTRAINT "booking_tables_booking_id_table_id_pk" PRIMARY KEY("booking_id","table_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "seated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_tables" ADD CONSTRAINT "booking_tables_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_tables_table_idx" ON "booking_tables" USING btree ("table_id");--> statement-breakpoint
CREATE TRIGGER booking_tables_changed AFTER INSERT OR UPDATE OR DELETE ON booking_tables FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER booking_tables_emptied AFTER TRUNCATE ON booking_tables FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
