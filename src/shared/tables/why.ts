import {
  bookableDateRange,
  closedSpecialDate,
  coversLeft,
  fromMinutes,
  isChristmasDay,
  outsideSpecialHours,
  type SeatedParty,
  type Service,
  serviceForTime,
  serviceLabel,
  serviceName,
  servicesOn,
  slotTimes,
  specialHoursOn,
  toMinutes,
  turnMinutesFor,
} from '../booking/rules.ts';
import type { BookingSettings } from '../booking/settings.ts';
import type { SpecialDate } from '../content/schemas.ts';
import { plural, pluralNoun } from '../text/plural.ts';
import { formatLongDate, formatTime, formatTimeRange, londonInstant } from '../time/london-time.ts';
import { assignPlace, checkPlaces, type SeatingRequest } from './assignment.ts';
import type { TablesDay } from './capacity.ts';
import { refusalText } from './messages.ts';
import { pacingInterval, pacingLeft } from './pacing.ts';
import type { WHY_CHANNELS, WhyVerdict } from './setup-schemas.ts';

/** What staff ask: could this party book this time, through this channel? */
export interface WhyQuestion {
  date: string;
  time: string;
  guests: number;
  channel: (typeof WHY_CHANNELS)[number];
}

/** What availability reads for the date (`server/booking/availability.ts`), whatever the mode. */
export interface WhyFacts {
  now: Date;
  settings: BookingSettings;
  specialDates: readonly SpecialDate[];
  closedServices: ReadonlySet<Service>;
  /** The date as tables mode sees it; its document's `mode` says which rules apply. */
  day: TablesDay;
  /** The date's active regular bookings (not seats at a booking event): the covers rule's count. */
  seated: readonly SeatedParty[];
}

const at = (minutes: number) => formatTime(fromMinutes(minutes));
const weekdayName = (date: string) => formatLongDate(date).split(' ')[0] ?? '';

function dayVerdict({ date }: WhyQuestion, facts: WhyFacts): WhyVerdict {
  const title = 'Open that day';
  if (isChristmasDay(date))
    return { rule: 'day', title, ok: false, text: 'Christmas Day is booked through the Christmas page.' };
  const closed = closedSpecialDate(date, facts.specialDates);
  if (closed) {
    const why = closed.label ? ` (${closed.label})` : '';
    return { rule: 'day', title, ok: false, text: `The pub is closed on ${formatLongDate(date)}${why}.` };
  }
  return { rule: 'day', title, ok: true, text: `The pub is open on ${formatLongDate(date)}.` };
}

function serviceVerdict({ date, time }: WhyQuestion, facts: WhyFacts): WhyVerdict {
  const service = serviceForTime(time);
  const name = serviceName(service, date);
  const verdict = (ok: boolean, text: string): WhyVerdict => ({
    rule: 'service',
    title: 'Service open',
    ok,
    text,
  });
  if (!servicesOn(date, facts.settings).includes(service))
    return verdict(false, `The kitchen takes no ${name} bookings on ${weekdayName(date)}s.`);
  if (!slotTimes(service, facts.settings).includes(time))
    return verdict(false, `${formatTime(time)} is not one of the ${name} booking times.`);
  if (facts.closedServices.has(service))
    return verdict(false, `Staff have closed ${name} on ${formatLongDate(date)}.`);
  return verdict(true, `${serviceLabel(service, date)} takes bookings at ${formatTime(time)}.`);
}

function specialHoursVerdict({ date, time }: WhyQuestion, facts: WhyFacts): WhyVerdict {
  const title = 'Special hours';
  const hours = specialHoursOn(date, facts.specialDates);
  if (!hours) return { rule: 'special-hours', title, ok: true, text: 'No special hours that day.' };
  const named = `${hours.label ? `${hours.label}: ` : ''}${formatTimeRange(hours.opens, hours.closes)}`;
  return outsideSpecialHours(time, hours, facts.settings)
    ? {
        rule: 'special-hours',
        title,
        ok: false,
        text: `Special hours that day (${named}): no table starts at ${formatTime(time)}.`,
      }
    : { rule: 'special-hours', title, ok: true, text: `Within the special hours (${named}).` };
}

function windowVerdict({ date, channel }: WhyQuestion, facts: WhyFacts): WhyVerdict {
  const title = 'Booking window';
  if (channel === 'staff')
    return { rule: 'window', title, ok: true, text: 'Staff book any date; the window is for guests online.' };
  const days = facts.settings.bookingHorizonDays;
  const { first, last } = bookableDateRange(facts.now, facts.settings);
  if (date < first) return { rule: 'window', title, ok: false, text: 'The date has passed.' };
  if (date > last)
    return {
      rule: 'window',
      title,
      ok: false,
      text: `Outside the booking window: guests book up to ${days} days ahead (until ${formatLongDate(last)}).`,
    };
  return { rule: 'window', title, ok: true, text: `Within the ${days} days guests may book ahead.` };
}

function noticeVerdict({ date, time, channel }: WhyQuestion, facts: WhyFacts): WhyVerdict {
  const title = 'Minimum notice';
  const minutes = facts.settings.minimumNoticeMinutes;
  const anyway = channel === 'staff' ? ' Staff can still book anyway.' : '';
  const start = londonInstant(date, time).getTime();
  if (start < facts.now.getTime())
    return { rule: 'notice', title, ok: false, text: `${formatTime(time)} that day has passed.${anyway}` };
  if (start < facts.now.getTime() + minutes * 60_000)
    return {
      rule: 'notice',
      title,
      ok: false,
      text: `Past the minimum notice: bookings close ${plural(minutes, 'minute', 'minutes')} before their time.${anyway}`,
    };
  return {
    rule: 'notice',
    title,
    ok: true,
    text: `Far enough ahead: bookings close ${plural(minutes, 'minute', 'minutes')} before their time.`,
  };
}

function coversVerdict({ time, guests }: WhyQuestion, facts: WhyFacts): WhyVerdict {
  const left = coversLeft(time, guests, serviceForTime(time), facts.settings, facts.seated);
  const title = 'Covers';
  return left >= guests
    ? {
        rule: 'covers',
        title,
        ok: true,
        text: `${plural(left, 'cover', 'covers')} left at ${formatTime(time)}; the party needs ${guests}.`,
      }
    : {
        rule: 'covers',
        title,
        ok: false,
        text: `Only ${plural(left, 'cover', 'covers')} left for the party's table time from ${formatTime(time)}; it needs ${guests}.`,
      };
}

function pacingVerdict({ time, guests, channel }: WhyQuestion, facts: WhyFacts): WhyVerdict {
  const { document, starters } = facts.day;
  const service = serviceForTime(time);
  const start = toMinutes(time);
  const title = 'Pacing';
  // With no one started yet, what is left is the limit itself.
  const limit = pacingLeft(document, service, start, channel, []);
  if (limit === null)
    return {
      rule: 'pacing',
      title,
      ok: true,
      text: `No pacing limit for ${serviceName(service, facts.day.date)}.`,
    };
  const { from, to } = pacingInterval(start, document.pacing.intervalMinutes);
  const started = starters
    .filter((starter) => starter.start >= from && starter.start < to)
    .reduce((sum, starter) => sum + starter.guests, 0);
  return started + guests > limit
    ? {
        rule: 'pacing',
        title,
        ok: false,
        text: `Pacing full at ${at(from)}: ${started} of ${limit} covers start then.`,
      }
    : {
        rule: 'pacing',
        title,
        ok: true,
        text: `Pacing allows it: ${started} of ${limit} covers start from ${at(from)} to ${at(to)}.`,
      };
}

function tablesVerdicts(question: WhyQuestion, facts: WhyFacts): WhyVerdict[] {
  const { document, date, sittings } = facts.day;
  const start = toMinutes(question.time);
  const request: SeatingRequest = {
    guests: question.guests,
    start,
    end: start + turnMinutesFor(question.guests, facts.settings),
    channel: question.channel,
  };
  const checks = checkPlaces(document, date, request, sittings);
  const place = assignPlace(document, date, request, sittings);
  const span = `from ${at(request.start)} to ${at(request.end)}`;
  const tables: WhyVerdict = {
    rule: 'tables',
    title: 'A table for the party',
    ok: place !== null,
    text: place
      ? `${place.name} is free ${span}: a booking would be given it.`
      : `No table or join for ${question.guests} is free ${span}.`,
    places: checks.map((check) => ({
      name: check.place.name,
      reason: check.refusal ? refusalText(check.refusal) : null,
    })),
  };
  const forWalkIns = checkPlaces(document, date, { ...request, channel: 'walk-in' }, sittings);
  const heldBack = checks
    .filter(
      (check, index) =>
        check.refusal?.kind === 'use' &&
        check.refusal.use === 'walk-in' &&
        forWalkIns[index]?.refusal === null,
    )
    .map((check) => check.place.name);
  const names = heldBack.join(', ');
  const walkIns: WhyVerdict =
    heldBack.length === 0
      ? {
          rule: 'walk-ins',
          title: 'Walk-in tables',
          ok: true,
          text: 'No table kept for walk-ins would take the party.',
        }
      : {
          rule: 'walk-ins',
          title: 'Walk-in tables',
          ok: place !== null,
          text:
            place !== null
              ? `${names} ${pluralNoun(heldBack.length, 'is', 'are')} kept for walk-ins; another table takes the party.`
              : `${names} ${pluralNoun(heldBack.length, 'is', 'are')} free but kept for walk-ins.`,
        };
  return [tables, walkIns];
}

/**
 * "Why can't this be booked?" (issue 28): every rule availability applies to the party at that time, in the
 * order it applies them, each with whether it lets the booking through and why, in a sentence for staff.
 * Covers mode counts covers; tables mode counts pacing, then the tables, then the tables held for walk-ins.
 */
export function whyVerdicts(question: WhyQuestion, facts: WhyFacts): WhyVerdict[] {
  const common = [
    dayVerdict(question, facts),
    serviceVerdict(question, facts),
    specialHoursVerdict(question, facts),
    windowVerdict(question, facts),
    noticeVerdict(question, facts),
  ];
  if (facts.day.document.mode === 'covers') return [...common, coversVerdict(question, facts)];
  return [...common, pacingVerdict(question, facts), ...tablesVerdicts(question, facts)];
}
