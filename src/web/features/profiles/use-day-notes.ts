import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProfileNote } from '#shared/profiles/api.ts';
import { phoneKey, profileKey } from '#shared/profiles/rules.ts';
import { signedOut } from '#web/lib/api.ts';
import * as profileApi from './profile-api.ts';

/** The guest a booking was made by, as profiles know them: their e-mail, else their phone. */
export interface ProfileGuest {
  email: string;
  phone: string;
}

export type NoteFinder = (guest: ProfileGuest) => ProfileNote | undefined;

/** The note of a booking's guest: by e-mail, or for a booking without one, by the phone's digits. */
export function noteFinder(notes: readonly ProfileNote[]): NoteFinder {
  const byEmail = new Map<string, ProfileNote>();
  const byPhone = new Map<string, ProfileNote>();
  for (const note of notes) {
    byEmail.set(profileKey(note.email), note);
    for (const phone of note.phones) if (!byPhone.has(phoneKey(phone))) byPhone.set(phoneKey(phone), note);
  }
  return (guest) => {
    if (guest.email.trim()) return byEmail.get(profileKey(guest.email));
    const phone = phoneKey(guest.phone);
    return phone ? byPhone.get(phone) : undefined;
  };
}

const NO_NOTES: NoteFinder = () => undefined;

/**
 * The tags and notes of a day's guests, in one call, for a role that may see profiles (`allowed`); none for
 * another, and none when they cannot be had: the bookings matter more than the notes beside them.
 */
export function useDayNotes(date: string, allowed: boolean): { noteFor: NoteFinder; reload: () => void } {
  const [noteFor, setNoteFor] = useState<NoteFinder>(() => NO_NOTES);
  const latestDate = useRef(date);
  latestDate.current = date;

  const load = useCallback(
    async (day: string) => {
      if (!allowed) return;
      try {
        const finder = noteFinder((await profileApi.dayNotes(day)).notes);
        if (latestDate.current === day) setNoteFor(() => finder);
      } catch (error) {
        if (!signedOut(error)) console.error('Could not load the guests’ notes', error);
      }
    },
    [allowed],
  );

  useEffect(() => {
    setNoteFor(() => NO_NOTES);
    void load(date);
  }, [date, load]);

  const reload = useCallback(() => void load(latestDate.current), [load]);
  return { noteFor, reload };
}
