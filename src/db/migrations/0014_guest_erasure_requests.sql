CREATE TABLE "guest_erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query" text NOT NULL,
	"guest_key" text NOT NULL,
	"due_on" date NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "guest_erasure_requests_guest_key_unique" UNIQUE("guest_key")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "erase_when_sent" boolean DEFAULT false NOT NULL;