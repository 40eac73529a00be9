CREATE TABLE "voucher_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"balance_after_pence" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"balance_pence" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_to" text NOT NULL,
	"deliver_on" date NOT NULL,
	"delivered_at" timestamp with time zone,
	"expires_on" date NOT NULL,
	"pid" text NOT NULL,
	"stripe_session_id" text,
	"payment_intent_id" text,
	"paid_pence" integer DEFAULT 0 NOT NULL,
	"refund_id" text,
	"issued_by" text,
	"anonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_pid_unique" UNIQUE("pid"),
	CONSTRAINT "vouchers_stripe_session_id_unique" UNIQUE("stripe_session_id")
);
--> statement-breakpoint
ALTER TABLE "voucher_ledger" ADD CONSTRAINT "voucher_ledger_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_ledger_voucher_idx" ON "voucher_ledger" USING btree ("voucher_id","created_at");--> statement-breakpoint
CREATE INDEX "vouchers_delivery_idx" ON "vouchers" USING btree ("status","deliver_on");--> statement-breakpoint
CREATE INDEX "vouchers_expiry_idx" ON "vouchers" USING btree ("status","expires_on");--> statement-breakpoint
CREATE INDEX "vouchers_created_idx" ON "vouchers" USING btree ("created_at");