import type { ProfileNote } from '#shared/profiles/api.ts';
import { PROFILE_WORDS } from './profile-words.ts';

/** Said beside a note that speaks of health: staff read it with care. */
export function HealthMarker() {
  return (
    <span className="inline-block rounded-full bg-burgundy-700/12 px-2 py-0.5 text-xs font-semibold text-burgundy-800">
      {PROFILE_WORDS.healthMarker}
    </span>
  );
}

/** The guest's tags and note under their name in the day view: "Regular · VIP — likes the window table". */
export function ProfileNoteLine({
  note,
}: {
  note: Pick<ProfileNote, 'tags' | 'note' | 'noteMentionsHealth'>;
}) {
  const tags = note.tags.join(' · ');
  return (
    <span className="mt-1 block text-sm break-words text-ink-soft">
      {tags ? <span className="font-semibold text-brass-700">{tags}</span> : null}
      {tags && note.note ? ' — ' : null}
      {note.note && note.noteMentionsHealth ? (
        <>
          <HealthMarker />{' '}
        </>
      ) : null}
      {note.note}
    </span>
  );
}
