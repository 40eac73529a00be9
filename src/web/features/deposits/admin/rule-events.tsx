import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { formatShortDate } from '#shared/time/staff-dates.ts';
import { type Loaded, useLoaded } from '#web/components/load-state.tsx';
import { ChoiceList } from '#web/features/content/admin/choice-fields.tsx';
import * as eventsApi from '#web/features/events/admin/api.ts';
import { Notice } from '#web/features/staff/notice.tsx';
import { RULE_WORDS } from './rule-words.ts';

type BookingEvents = Loaded<{ events: PublicEvent[] }>;

const BookingEventsContext = createContext<BookingEvents>({ status: 'loading' });

const allEvents = async () => ({ events: await eventsApi.listEvents() });

/**
 * Loads the events once for the whole editor. Only what reads them draws again when they arrive: the rules'
 * list keeps its place, so a rule added meanwhile keeps its focus.
 */
export function BookingEventsProvider({ children }: { children: ReactNode }) {
  const { load } = useLoaded(allEvents, RULE_WORDS.eventsFailed);
  return <BookingEventsContext.Provider value={load}>{children}</BookingEventsContext.Provider>;
}

/** The coming events that take bookings, as far as they have arrived. */
export function useBookingEvents(): { load: BookingEvents; events: PublicEvent[] } {
  const load = useContext(BookingEventsContext);
  const today = londonToday();
  const events = useMemo(
    () =>
      load.status === 'ready'
        ? load.events.filter((event) => event.takesBookings && event.date >= today)
        : [],
    [load, today],
  );
  return { load, events };
}

const eventLabel = (event: PublicEvent) => `${event.title} (${formatShortDate(event.date)})`;

/**
 * The events a rule is limited to, ticked from those that take bookings; an address chosen before whose
 * event no longer takes bookings stays ticked, so staff can see it and untick it.
 */
export function EventChoices({ path, chosen }: { path: string; chosen: readonly string[] }) {
  const { load, events } = useBookingEvents();
  const listed = events.map((event) => ({ value: event.slug, label: eventLabel(event) }));
  const others = chosen
    .filter((slug) => !listed.some((event) => event.value === slug))
    .map((slug) => ({ value: slug, label: `${slug} (not taking bookings)` }));
  const choices = [...listed, ...others];
  return (
    <ChoiceList
      path={`${path}.eventSlugs`}
      legend="Events"
      hint="None ticked: every event that takes bookings."
      choices={choices}
      columns="grid-cols-1 sm:grid-cols-2"
    >
      {load.status === 'loading' ? (
        <p role="status" className="text-sm text-ink-soft">
          Loading events…
        </p>
      ) : load.status === 'failed' ? (
        <Notice tone="error">{load.error}</Notice>
      ) : choices.length === 0 ? (
        <p className="text-sm text-ink-soft">{RULE_WORDS.noBookingEvents}</p>
      ) : null}
    </ChoiceList>
  );
}
