-- Issue 29: a table booking's deposit or card guarantee, its terms frozen as the guest saw them, and every money step
-- since (hold, payment, card saved, refund owed and made, deposit kept, no-show fee). Bookings made before have none.
CREATE TABLE "booking_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"pid" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"terms" jsonb NOT NULL,
	"hold_until" timestamp with time zone,
	"stripe_session_id" text,
	"payment_intent_id" text,
	"customer_id" text,
	"payment_method_id" text,
	"paid_pence" integer DEFAULT 0 NOT NULL,
	"refund_pence" integer,
	"refund_state" text,
	"refund_id" text,
	"kept_reason" text,
	"kept_by" text,
	"released_at" timestamp with time zone,
	"fee_pence" integer,
	"fee_state" text,
	"fee_reason" text,
	"fee_by" text,
	"fee_intent_id" text,
	"fee_failure" text,
	"top_up_pid" text,
	"top_up_state" text,
	"top_up_pence" integer,
	"top_up_change" jsonb,
	"top_up_session_id" text,
	"top_up_intent_id" text,
	"top_up_refund_id" text,
	"waived_reason" text,
	"waived_by" text,
	"notes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_payments_pid_unique" UNIQUE("pid"),
	CONSTRAINT "booking_payments_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "booking_payments_top_up_pid_unique" UNIQUE("top_up_pid")
);
--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_booking_idx" ON "booking_payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_payments_hold_idx" ON "booking_payments" USING btree ("state","hold_until");--> statement-breakpoint
CREATE INDEX "booking_payments_refund_idx" ON "booking_payments" USING btree ("refund_state");