-- Christmas Day's bookings onto the occasions (decision 049, stage 1): every Christmas booking, checkout and
-- closed sitting becomes a row of the `christmas-day` occasion, and the three Christmas tables go.
-- A booking and the paid checkout it came from become one row under the booking's id (its manage links and trail
-- entries still name it), with the checkout's pid, Stripe ids, utm_source and address (none for an anonymised
-- booking); a phone booking gets a fresh pid. A checkout that never became a booking keeps its id: PENDING is
-- HELD until its hold's end, PAID_AWAITING is HELD with no end (a payment still settling), CANCELLED is EXPIRED
-- with its reason, payment and refund. Each party's dish counts become its diners, "Guest 1" onwards, course by course in the counts' order,
-- with "none" for a starter or dessert nobody at that place has; the order is locked from the start, as Christmas
-- orders always were. The date is the first 25 December on or after the day the row was made (a season is sold
-- in the months before its day); a sitting closed twice in a season is closed once. An occasion a manager had given the slug `christmas-day` moves its rows to
-- `christmas-day-occasion` first, as content migration 10 renames it.
UPDATE "occasion_bookings" SET "occasion_slug" = 'christmas-day-occasion' WHERE "occasion_slug" = 'christmas-day';--> statement-breakpoint
UPDATE "occasion_closures" SET "occasion_slug" = 'christmas-day-occasion' WHERE "occasion_slug" = 'christmas-day';--> statement-breakpoint
ALTER TABLE "manage_links" DROP CONSTRAINT "manage_links_christmas_booking_id_christmas_bookings_id_fk";--> statement-breakpoint
INSERT INTO "occasion_bookings" ("id", "reference", "occasion_slug", "occasion_name", "date", "sitting_id",
  "sitting_label", "status", "pid", "hold_expires_at", "name", "email", "phone", "party_adults", "party_children",
  "party_size", "notes", "allergies", "occasion_notes", "total_pence", "payment_kind", "amount_due_pence",
  "paid_pence", "payment_method", "stripe_session_id", "payment_intent_id", "refund_pence", "refund_id",
  "cancelled_by", "cancel_reason", "source", "made_by", "changed_by", "utm_source", "holder_ip", "diner_token",
  "locked_at", "visit_reminded_at", "coming_confirmed_at", "anonymised_at", "created_at", "updated_at")
SELECT b."id", b."reference", 'christmas-day', 'Christmas Day',
  (extract(year FROM b."created_at")::int + CASE WHEN to_char(b."created_at", 'MM-DD') > '12-25' THEN 1 ELSE 0 END)::text || '-12-25',
  b."sitting_id", b."sitting_label", b."status",
  coalesce(r."pid", replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')),
  NULL, b."name", b."email", b."phone", b."party_adults", b."party_children", b."party_size", b."special_notes",
  b."allergies", b."occasion_notes", b."total_pence", 'deposit', coalesce(r."deposit_pence", b."deposit_paid_pence"),
  b."deposit_paid_pence", b."deposit_method", r."stripe_session_id", r."payment_intent_id", b."refund_pence",
  b."refund_id", b."cancelled_by", NULL, b."source", b."made_by", b."changed_by", r."utm_source",
  CASE WHEN b."anonymised_at" IS NULL THEN r."holder_ip" END,
  replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
  b."created_at", b."reminded_at", b."coming_confirmed_at", b."anonymised_at", b."created_at", b."updated_at"
FROM "christmas_bookings" b
LEFT JOIN "christmas_reservations" r ON r."booking_id" = b."id";--> statement-breakpoint
INSERT INTO "occasion_bookings" ("id", "reference", "occasion_slug", "occasion_name", "date", "sitting_id",
  "sitting_label", "status", "pid", "hold_expires_at", "name", "email", "phone", "party_adults", "party_children",
  "party_size", "notes", "allergies", "occasion_notes", "total_pence", "payment_kind", "amount_due_pence",
  "paid_pence", "stripe_session_id", "payment_intent_id", "refund_id", "cancel_reason", "source", "utm_source",
  "holder_ip", "diner_token", "locked_at", "created_at", "updated_at")
SELECT r."id", 'XMAS-' || upper(substr(md5(r."pid"), 1, 8)), 'christmas-day', 'Christmas Day',
  (extract(year FROM r."created_at")::int + CASE WHEN to_char(r."created_at", 'MM-DD') > '12-25' THEN 1 ELSE 0 END)::text || '-12-25',
  r."sitting_id",
  coalesce(
    (SELECT b."sitting_label" FROM "christmas_bookings" b WHERE b."sitting_id" = r."sitting_id" ORDER BY b."created_at" DESC LIMIT 1),
    r."sitting_id"),
  CASE WHEN r."state" = 'CANCELLED' THEN 'EXPIRED' ELSE 'HELD' END, r."pid",
  CASE WHEN r."state" = 'PENDING' THEN r."expires_at" END, r."name", r."email", r."phone", r."party_adults",
  r."party_children", r."party_adults" + r."party_children", r."special_notes", r."allergies", r."occasion_notes",
  r."total_pence", 'deposit', r."deposit_pence", coalesce(r."amount_paid_pence", 0), r."stripe_session_id",
  r."payment_intent_id", r."refund_id",
  CASE
    WHEN r."state" <> 'CANCELLED' THEN NULL
    WHEN r."cancel_reason" IN ('expired', 'cancelled', 'payment_failed', 'checkout_failed', 'replaced', 'unseatable')
      THEN r."cancel_reason"
    ELSE 'expired'
  END,
  'online', r."utm_source", r."holder_ip",
  replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
  r."created_at", r."created_at", r."updated_at"
FROM "christmas_reservations" r
WHERE r."booking_id" IS NULL;--> statement-breakpoint
INSERT INTO "occasion_diners" ("booking_id", "name", "email", "choices", "allergies", "chosen_by",
  "defaulted_courses", "created_at", "updated_at")
WITH "party" AS (
  SELECT "id", "selections", "party_size" AS "guests", "created_at",
    CASE WHEN "source" = 'phone' THEN 'staff' ELSE 'organiser' END AS "chosen_by"
  FROM "christmas_bookings"
  UNION ALL
  SELECT "id", "selections", "party_adults" + "party_children", "created_at", 'organiser'
  FROM "christmas_reservations" WHERE "booking_id" IS NULL
), "dishes" AS (
  SELECT p."id", c."course", e."value"->>'item' AS "item",
    row_number() OVER (PARTITION BY p."id", c."course" ORDER BY e."ord", g."n") AS "place"
  FROM "party" p
  CROSS JOIN (VALUES ('starters'), ('mains'), ('desserts')) AS c("course")
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(p."selections"->c."course", '[]'::jsonb)) WITH ORDINALITY AS e("value", "ord")
  CROSS JOIN LATERAL generate_series(1, (e."value"->>'count')::int) AS g("n")
), "places" AS (
  SELECT p."id", p."created_at", p."chosen_by", s."place"
  FROM "party" p
  CROSS JOIN LATERAL generate_series(1, greatest(p."guests",
    (SELECT coalesce(max(d."place"), 0) FROM "dishes" d WHERE d."id" = p."id"))) AS s("place")
)
SELECT pl."id", 'Guest ' || pl."place", '',
  jsonb_build_object('starters', coalesce(st."item", 'none'), 'mains', coalesce(mn."item", 'none'),
    'desserts', coalesce(ds."item", 'none')),
  '', pl."chosen_by", '[]'::jsonb,
  pl."created_at" + pl."place" * interval '1 millisecond', pl."created_at" + pl."place" * interval '1 millisecond'
FROM "places" pl
LEFT JOIN "dishes" st ON st."id" = pl."id" AND st."course" = 'starters' AND st."place" = pl."place"
LEFT JOIN "dishes" mn ON mn."id" = pl."id" AND mn."course" = 'mains' AND mn."place" = pl."place"
LEFT JOIN "dishes" ds ON ds."id" = pl."id" AND ds."course" = 'desserts' AND ds."place" = pl."place";--> statement-breakpoint
INSERT INTO "occasion_closures" ("id", "occasion_slug", "date", "sitting_id", "reason", "created_at")
SELECT DISTINCT ON ("date", c."sitting_id") c."id", 'christmas-day',
  (extract(year FROM c."created_at")::int + CASE WHEN to_char(c."created_at", 'MM-DD') > '12-25' THEN 1 ELSE 0 END)::text || '-12-25' AS "date",
  c."sitting_id", c."reason", c."created_at"
FROM "christmas_closures" c
ORDER BY "date", c."sitting_id", c."created_at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "manage_links" ADD CONSTRAINT "manage_links_christmas_booking_id_occasion_bookings_id_fk" FOREIGN KEY ("christmas_booking_id") REFERENCES "public"."occasion_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP TABLE "christmas_bookings" CASCADE;--> statement-breakpoint
DROP TABLE "christmas_closures" CASCADE;--> statement-breakpoint
DROP TABLE "christmas_reservations" CASCADE;
