CREATE TABLE "christmas_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"sitting_id" text NOT NULL,
	"sitting_label" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"party_adults" integer NOT NULL,
	"party_children" integer NOT NULL,
	"party_size" integer NOT NULL,
	"status" text DEFAULT 'CONFIRMED' NOT NULL,
	"selections" jsonb NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"occasion_notes" text DEFAULT '' NOT NULL,
	"special_notes" text DEFAULT '' NOT NULL,
	"total_pence" integer NOT NULL,
	"deposit_paid_pence" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"reservation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "christmas_bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "christmas_bookings_reservation_id_unique" UNIQUE("reservation_id")
);
--> statement-breakpoint
CREATE TABLE "christmas_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sitting_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "christmas_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pid" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"sitting_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"party_adults" integer NOT NULL,
	"party_children" integer NOT NULL,
	"selections" jsonb NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"occasion_notes" text DEFAULT '' NOT NULL,
	"special_notes" text DEFAULT '' NOT NULL,
	"total_pence" integer NOT NULL,
	"deposit_pence" integer NOT NULL,
	"utm_source" text,
	"expires_at" timestamp with time zone NOT NULL,
	"stripe_session_id" text,
	"payment_intent_id" text,
	"amount_paid_pence" integer,
	"cancel_reason" text,
	"refund_id" text,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "christmas_reservations_pid_unique" UNIQUE("pid"),
	CONSTRAINT "christmas_reservations_stripe_session_id_unique" UNIQUE("stripe_session_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "christmas_reservations" ADD CONSTRAINT "christmas_reservations_booking_id_christmas_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."christmas_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "christmas_bookings_sitting_idx" ON "christmas_bookings" USING btree ("sitting_id","status");--> statement-breakpoint
CREATE INDEX "christmas_reservations_hold_idx" ON "christmas_reservations" USING btree ("sitting_id","state","expires_at");