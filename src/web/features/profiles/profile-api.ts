import type { GuestProfile, ProfileNotesAnswer, ProfileUpdate } from '#shared/profiles/api.ts';
import { ApiError, call } from '#web/lib/api.ts';

/** Guest profiles (issue 32), for managers and owners; import as `* as profileApi`. */

const PROFILES = '/api/admin/profiles';
const byEmail = (email: string) => `?${new URLSearchParams({ email })}`;

/** The guest's profile found by e-mail, or by a phone on their bookings; null for a guest we do not know. */
export const findProfile = (guest: { email: string } | { phone: string }, signal?: AbortSignal) =>
  call<{ profile: GuestProfile | null }>('GET', `${PROFILES}?${new URLSearchParams(guest)}`, { signal });

/** The whole of the tags and the note staff keep on the guest; 400 with the fields' issues. */
export const saveProfile = (email: string, update: ProfileUpdate) =>
  call<GuestProfile>('PUT', `${PROFILES}${byEmail(email)}`, { body: update });

/** A phone booking made without an e-mail is this guest's: its number counts on their profile from now on. */
export const confirmPhone = (email: string, phone: string) =>
  call<GuestProfile>('POST', `${PROFILES}/phones${byEmail(email)}`, { body: { phone } });

/** The tags and notes of the guests booked on the date, for the day view. */
export const dayNotes = (date: string) =>
  call<ProfileNotesAnswer>('GET', `${PROFILES}/notes?${new URLSearchParams({ date })}`);

/** A refusal a look-up shows as no profile: a role that may not see profiles (403), a guest not found (404). */
export function nothingToShow(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}
