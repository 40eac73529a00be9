import {
  isChristmasDay,
  SERVICES,
  type Service,
  serviceForTime,
  servicesOn,
  slotTimes,
} from '#shared/booking/rules.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { type DepositRulesDocument, type RuleSubject, ruleMatches } from '#shared/deposits/rules.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { addDays } from '#shared/time/london-time.ts';

/** How far ahead the preview looks for a booking a rule applies to. */
const DAYS_AHEAD = 366;

/** A time in the middle of each service, while the booking settings have not arrived. */
const MID_SERVICE: Record<Service, string> = { lunch: '13:30', dinner: '19:30' };

/** A booking the preview shows a rule's terms for; at an event, the event's title too. */
export type ExampleBooking = RuleSubject & { eventTitle: string | null };

/**
 * The example booking, or why there is none: `shadowed` when bookings fit the rule but a rule above it
 * applies to each of them first.
 */
export type RuleExample = { booking: ExampleBooking } | { booking: null; shadowed: boolean };

type Candidate = Omit<ExampleBooking, 'guests'>;

function slotInMiddle(service: Service, settings: BookingSettings | undefined): string {
  const times = settings ? slotTimes(service, settings) : [];
  return times[Math.floor((times.length - 1) / 2)] ?? MID_SERVICE[service];
}

/** A table at each service the kitchen takes bookings for, day by day from tomorrow. */
function tableCandidates(today: string, settings: BookingSettings | undefined): Candidate[] {
  const candidates: Candidate[] = [];
  for (let day = 1; day <= DAYS_AHEAD; day += 1) {
    const date = addDays(today, day);
    if (isChristmasDay(date)) continue;
    for (const service of settings ? servicesOn(date, settings) : SERVICES) {
      const timeSlot = slotInMiddle(service, settings);
      candidates.push({ date, timeSlot, service, eventSlug: null, eventTitle: null });
    }
  }
  return candidates;
}

/** A seat at each coming event that takes bookings, soonest first. */
function eventCandidates(today: string, events: readonly PublicEvent[]): Candidate[] {
  return events
    .filter((event) => event.takesBookings && event.date > today)
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`))
    .map((event) => ({
      date: event.date,
      timeSlot: event.time,
      service: serviceForTime(event.time),
      eventSlug: event.slug,
      eventTitle: event.title,
    }));
}

/**
 * For each rule, the soonest booking, of its smallest party, that it is the first rule to match: the booking
 * its terms are shown for.
 */
export function exampleBookings(
  document: DepositRulesDocument,
  { today, settings, events }: { today: string; settings?: BookingSettings; events: readonly PublicEvent[] },
): RuleExample[] {
  const tables = tableCandidates(today, settings);
  const atEvents = eventCandidates(today, events);
  return document.rules.map((rule, index) => {
    const candidates = [
      ...(rule.bookings === 'events' ? [] : tables),
      ...(rule.bookings === 'tables' ? [] : atEvents),
    ];
    let shadowed = false;
    for (const candidate of candidates) {
      const booking = { ...candidate, guests: rule.partyFrom };
      if (!ruleMatches(rule, booking)) continue;
      if (document.rules.findIndex((other) => ruleMatches(other, booking)) === index) return { booking };
      shadowed = true;
    }
    return { booking: null, shadowed };
  });
}
