CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"preferred_date" date NOT NULL,
	"preferred_time" text NOT NULL,
	"party_size" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "manage_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" uuid,
	"christmas_booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "coming_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "christmas_bookings" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "christmas_bookings" ADD COLUMN "coming_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manage_links" ADD CONSTRAINT "manage_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manage_links" ADD CONSTRAINT "manage_links_christmas_booking_id_christmas_bookings_id_fk" FOREIGN KEY ("christmas_booking_id") REFERENCES "public"."christmas_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_status_idx" ON "enquiries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "manage_links_booking_idx" ON "manage_links" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "manage_links_christmas_booking_idx" ON "manage_links" USING btree ("christmas_booking_id");