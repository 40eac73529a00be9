CREATE TABLE "occasion_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"occasion_slug" text NOT NULL,
	"occasion_name" text NOT NULL,
	"date" text NOT NULL,
	"sitting_id" text NOT NULL,
	"sitting_label" text NOT NULL,
	"status" text NOT NULL,
	"pid" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"party_adults" integer NOT NULL,
	"party_children" integer NOT NULL,
	"party_size" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"total_pence" integer NOT NULL,
	"payment_kind" text NOT NULL,
	"amount_due_pence" integer NOT NULL,
	"paid_pence" integer DEFAULT 0 NOT NULL,
	"stripe_session_id" text,
	"payment_intent_id" text,
	"refund_pence" integer,
	"refund_id" text,
	"cancelled_by" text,
	"source" text NOT NULL,
	"made_by" text,
	"holder_ip" text,
	"diner_token" text NOT NULL,
	"locked_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"anonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occasion_bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "occasion_bookings_pid_unique" UNIQUE("pid"),
	CONSTRAINT "occasion_bookings_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "occasion_bookings_diner_token_unique" UNIQUE("diner_token")
);
--> statement-breakpoint
CREATE TABLE "occasion_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occasion_slug" text NOT NULL,
	"date" text NOT NULL,
	"sitting_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occasion_closures_sitting_unique" UNIQUE("occasion_slug","date","sitting_id")
);
--> statement-breakpoint
CREATE TABLE "occasion_diners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"choices" jsonb NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"chosen_by" text NOT NULL,
	"defaulted_courses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occasion_organiser_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "occasion_diners" ADD CONSTRAINT "occasion_diners_booking_id_occasion_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."occasion_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occasion_organiser_links" ADD CONSTRAINT "occasion_organiser_links_booking_id_occasion_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."occasion_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "occasion_bookings_sitting_idx" ON "occasion_bookings" USING btree ("occasion_slug","date","sitting_id","status");--> statement-breakpoint
CREATE INDEX "occasion_bookings_email_idx" ON "occasion_bookings" USING btree ("email");--> statement-breakpoint
CREATE INDEX "occasion_bookings_date_idx" ON "occasion_bookings" USING btree ("date");--> statement-breakpoint
CREATE INDEX "occasion_diners_booking_idx" ON "occasion_diners" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "occasion_organiser_links_booking_idx" ON "occasion_organiser_links" USING btree ("booking_id");--> statement-breakpoint
CREATE TRIGGER occasion_bookings_changed AFTER INSERT OR UPDATE OR DELETE ON occasion_bookings FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER occasion_bookings_emptied AFTER TRUNCATE ON occasion_bookings FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();