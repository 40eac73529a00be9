-- Issue 27: a sitting's times are written by the shared formatter ("12pm–2pm", "2:30pm–4:30pm"), as every
-- other time, instead of typed into the season. The bookings already taken say their sitting the same way,
-- from the season's times as they stand.
WITH season AS (
  SELECT document FROM content_versions WHERE key = 'christmas-season' ORDER BY version DESC LIMIT 1
), sittings AS (
  SELECT sitting->>'id' AS id, (sitting->>'start')::time AS starts, (sitting->>'end')::time AS ends
  FROM season, jsonb_array_elements(season.document->'sittings') AS sitting
), written AS (
  SELECT id, array_to_string(ARRAY(
    SELECT CASE
      WHEN moment = '00:00' THEN 'Midnight'
      WHEN extract(minute FROM moment) = 0 THEN to_char(moment, 'FMHH12am')
      ELSE to_char(moment, 'FMHH12:MIam')
    END
    FROM unnest(ARRAY[starts, ends]) WITH ORDINALITY AS times(moment, position) ORDER BY position
  ), '–') AS label
  FROM sittings
)
UPDATE christmas_bookings SET sitting_label = written.label FROM written WHERE written.id = christmas_bookings.sitting_id;
