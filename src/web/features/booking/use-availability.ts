import { useEffect, useState } from 'react';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import * as api from './api.ts';
import type { AvailabilityState } from './time-select.tsx';

interface AvailabilityQuestion {
  date: string;
  /** A Monday without services: nothing to ask. */
  monday?: boolean;
  /** The party whose covers each slot counts, while it is one the guest may book online. */
  party: number | undefined;
  /** The event whose own time is among the slots. */
  eventSlug?: string;
  /** The guest's own booking being changed, whose place counts free. */
  token?: string;
}

/** The slots asked about; any failure gives none (spec §7). */
function slotsFor(
  { date, party, eventSlug, token }: AvailabilityQuestion,
  signal?: AbortSignal,
): Promise<AvailabilitySlot[]> {
  if (token) return api.managedAvailability(token, date, party, signal).catch(() => []);
  return api.loadAvailability(date, party, signal, eventSlug);
}

/**
 * The times a guest may book on a date with covers for their party; `refresh` asks again, so a guest refused
 * a slot sees the latest numbers.
 */
export function useAvailability(question: AvailabilityQuestion): {
  availability: AvailabilityState;
  refresh: () => void;
} {
  const { date, monday = false, party, eventSlug, token } = question;
  const [availability, setAvailability] = useState<AvailabilityState>({ status: 'idle' });

  useEffect(() => {
    if (!date || monday) {
      setAvailability({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setAvailability({ status: 'loading' });
    slotsFor({ date, party, eventSlug, token }, controller.signal).then((slots) => {
      if (!controller.signal.aborted) setAvailability({ status: 'ready', slots });
    });
    return () => controller.abort();
  }, [date, monday, party, eventSlug, token]);

  function refresh() {
    if (!date || monday) return;
    slotsFor(question).then((slots) => setAvailability({ status: 'ready', slots }));
  }

  return { availability, refresh };
}
