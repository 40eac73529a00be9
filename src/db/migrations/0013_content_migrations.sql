CREATE TABLE "content_migrations" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
