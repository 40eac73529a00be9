import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrepSheet, StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import { failureText } from '#web/lib/api.ts';
import * as api from './staff-occasions-api.ts';
import { STAFF_OCCASIONS_WORDS } from './staff-occasions-words.ts';

interface OccasionDay {
  bookings: StaffOccasionBooking[];
  /** Null for a ticketed event: nothing to prepare by course. */
  prep: PrepSheet | null;
  closures: api.OccasionClosure[];
}

type OccasionDayState =
  | { status: 'loading' }
  | { status: 'ready'; day: OccasionDay }
  /** The server's own words when it gave them. */
  | { status: 'failed'; message: string };

/**
 * One date of one occasion as staff see it: its bookings, the kitchen's counts and the closed sittings, loaded
 * together; an answer for a date or occasion left behind is dropped. `reload` keeps what is shown meanwhile.
 */
export function useOccasionDay(slug: string, date: string, ticketed: boolean) {
  const [state, setState] = useState<OccasionDayState>({ status: 'loading' });
  const latest = useRef(0);

  const load = useCallback(async () => {
    const asked = ++latest.current;
    try {
      const [bookings, prep, closures] = await Promise.all([
        api.listBookings(slug, date),
        ticketed ? null : api.prepSheet(slug, date),
        api.listClosures(slug),
      ]);
      if (asked !== latest.current) return;
      setState({
        status: 'ready',
        day: { bookings, prep, closures: closures.filter((closure) => closure.date === date) },
      });
    } catch (error) {
      if (asked !== latest.current) return;
      setState({ status: 'failed', message: failureText(error, STAFF_OCCASIONS_WORDS.loadFailed) });
    }
  }, [slug, date, ticketed]);

  useEffect(() => {
    if (!slug || !date) return;
    setState({ status: 'loading' });
    void load();
  }, [slug, date, load]);

  return { state, reload: load };
}
