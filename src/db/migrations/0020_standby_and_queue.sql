CREATE TABLE "standby_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"date" date NOT NULL,
	"service" text NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"party_adults" integer NOT NULL,
	"party_children" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"source" text DEFAULT 'online' NOT NULL,
	"token_hash" text NOT NULL,
	"booking_id" uuid,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standby_entries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "standby_entries_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "standby_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time_slot" text NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"offered_by" text,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standby_offers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "walk_in_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"party_adults" integer NOT NULL,
	"party_children" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"quoted_wait_minutes" integer,
	"notified_at" timestamp with time zone,
	"booking_id" uuid,
	"added_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "standby_entries" ADD CONSTRAINT "standby_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standby_offers" ADD CONSTRAINT "standby_offers_entry_id_standby_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."standby_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standby_offers" ADD CONSTRAINT "standby_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_in_queue" ADD CONSTRAINT "walk_in_queue_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standby_entries_service_idx" ON "standby_entries" USING btree ("date","service","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "standby_entries_one_per_email" ON "standby_entries" USING btree ("date","service",lower("email")) WHERE "standby_entries"."status" = 'WAITING';--> statement-breakpoint
CREATE INDEX "standby_offers_open_idx" ON "standby_offers" USING btree ("state","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "standby_offers_entry_slot_unique" ON "standby_offers" USING btree ("entry_id","date","time_slot");--> statement-breakpoint
CREATE INDEX "walk_in_queue_date_idx" ON "walk_in_queue" USING btree ("date","status","created_at");