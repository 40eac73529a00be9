import type { ProfileCounts, ProfileVisitKind } from '#shared/profiles/api.ts';
import { plural } from '#shared/text/plural.ts';

/** "1 no-show · 1 late cancellation": what staff should know before taking the guest's next booking. */
function cautions({ noShows, lateCancellations }: ProfileCounts): string[] {
  return [
    noShows > 0 ? plural(noShows, 'no-show', 'no-shows') : '',
    lateCancellations > 0 ? plural(lateCancellations, 'late cancellation', 'late cancellations') : '',
  ].filter(Boolean);
}

/** "5 visits · 1 no-show · 1 late cancellation · 1 to come": the visits, the rest when there is some. */
export function countsLine(counts: ProfileCounts): string {
  return [
    plural(counts.visits, 'visit', 'visits'),
    ...cautions(counts),
    counts.upcoming > 0 ? `${counts.upcoming} to come` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Tom Adeyemi · 1 no-show": who the New booking screen found, beside "Returning guest: 5 visits". */
export function foundGuestLine(name: string, counts: ProfileCounts): string {
  return [name, ...cautions(counts)].join(' · ');
}

/** The guest profile's words on the staff screens (issue 32); the shared ones are in PROFILE_MESSAGES. */
export const PROFILE_WORDS = {
  guest: 'Guest',
  openProfile: 'Guest profile',
  loading: 'Loading the guest’s profile…',
  /** A guest with bookings or a profile but no visit yet (all to come, or cancelled). */
  knownGuest: 'Known guest: no visit yet',
  loadFailure: 'The guest’s profile could not be loaded.',
  healthMarker: 'Health note',
  tags: 'Tags',
  noTags: 'No tags yet.',
  suggested: 'Tap to add',
  ownTag: 'Your own tag',
  addTag: 'Add tag',
  removeTag: (tag: string) => `Remove tag ${tag}`,
  duplicateTag: 'The guest has that tag already.',
  note: 'Note on every booking',
  noteHint: 'Staff see it beside each of the guest’s bookings, in the day view and here.',
  save: 'Save profile',
  saving: 'Saving…',
  saved: 'Saved. The tags and note show on the guest’s bookings.',
  saveFailure: 'Could not save the profile. Please try again.',
  history: 'Bookings',
  noHistory: 'No bookings yet.',
  phoneMatches: 'Phone bookings without an e-mail',
  phoneMatchesHint: 'Same phone number: if it was this guest, the booking counts on their profile.',
  thisIsThem: 'This is them',
  confirmed: (phone: string) => `Bookings on ${phone} now count as this guest’s.`,
  confirmFailure: 'Could not confirm the phone number. Please try again.',
  kinds: {
    table: 'Table',
    christmas: 'Christmas',
    occasion: 'Occasion',
    standby: 'Standby',
  } satisfies Record<ProfileVisitKind, string>,
} as const;
