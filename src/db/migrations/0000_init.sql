CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"date" date NOT NULL,
	"service" text NOT NULL,
	"time_slot" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"party_adults" integer NOT NULL,
	"party_children" integer NOT NULL,
	"status" text DEFAULT 'CONFIRMED' NOT NULL,
	"event_slug" text,
	"has_accessibility_needs" boolean DEFAULT false NOT NULL,
	"accessibility_notes" text DEFAULT '' NOT NULL,
	"occasion" text DEFAULT 'None' NOT NULL,
	"occasion_notes" text DEFAULT '' NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"special_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"service" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"badges" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"is_major" boolean DEFAULT false NOT NULL,
	"cta_label" text DEFAULT 'View Details' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("date","time_slot");--> statement-breakpoint
CREATE INDEX "closures_date_service_idx" ON "closures" USING btree ("date","service");--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("date","time");