import { guestCountFromInput, isWholeCount, partySize, partyToShow } from '#shared/booking/party.ts';
import type { OccasionBookingRequest, OccasionPage } from '#shared/occasions/api.ts';
import { occasionBookingProblem, occasionPartyProblem } from '#shared/occasions/booking-rules.ts';
import { amountDuePence, isTicketed, partyPricePence } from '#shared/occasions/rules.ts';
import type { RuleProblem } from '#web/forms/rule-resolver.ts';

/** The organiser's booking as its form keeps it: the counts as typed, so a blank or a stray letter is the rules' to refuse. */
export interface OccasionBookingValues {
  date: string;
  sittingId: string;
  adults: string;
  children: string;
  name: string;
  email: string;
  phone: string;
  allergies: string;
  occasionNotes: string;
  notes: string;
}

export type OccasionBookingField = keyof OccasionBookingValues;
export type OccasionBookingProblem = RuleProblem<OccasionBookingField> & { field: OccasionBookingField };

/** Where the booking stands as the guest fills it in: the party, its price and what is paid now, the first problem. */
export interface OccasionBookingState {
  party: { adults: number; children: number };
  guests: number;
  totalPence: number;
  dueNowPence: number;
  /** What the party as entered already rules out (too small, too large, too many for the sitting), said at once. */
  partyLimit: OccasionBookingProblem | null;
  /** The first thing still to do before the booking can go; null when it can. */
  problem: OccasionBookingProblem | null;
}

export function emptyBookingValues(page: OccasionPage): OccasionBookingValues {
  const { occasion, dates } = page;
  const onlyDate = dates.filter((date) => date.bookable);
  return {
    date: onlyDate.length === 1 ? (onlyDate[0]?.date ?? '') : '',
    sittingId: occasion.sittings.length === 1 ? (occasion.sittings[0]?.id ?? '') : '',
    adults: String(occasion.party.minOnline),
    children: '0',
    name: '',
    email: '',
    phone: '',
    allergies: '',
    occasionNotes: '',
    notes: '',
  };
}

/** As the server's schema says it of a count that is not one (`guestCount`). */
const wholeCountMessage = (label: string) => `${label} must be a whole number, 0 or more.`;

function problem(field: OccasionBookingField, message: string): OccasionBookingProblem {
  return { field, message };
}

/** The shared rule's problem as the form shows it: under its field. */
function shown(
  found: { field: OccasionBookingField; message: string } | null,
): OccasionBookingProblem | null {
  return found ? problem(found.field, found.message) : null;
}

/** The sitting of the chosen date as the page knows it. */
export function chosenSitting(page: OccasionPage, values: Pick<OccasionBookingValues, 'date' | 'sittingId'>) {
  return page.dates
    .find((date) => date.date === values.date)
    ?.sittings.find((sitting) => sitting.sittingId === values.sittingId);
}

/** The counts as typed, each a whole number, or its problem. */
function countsProblem(page: OccasionPage, values: OccasionBookingValues): OccasionBookingProblem | null {
  if (!isWholeCount(guestCountFromInput(values.adults))) {
    return problem('adults', wholeCountMessage(isTicketed(page.occasion) ? 'Tickets' : 'Adults'));
  }
  if (!isWholeCount(guestCountFromInput(values.children))) {
    return problem('children', wholeCountMessage('Children'));
  }
  return null;
}

/**
 * The booking's checks in the form's order, first failure wins: whole counts, then the shared booking rule the
 * server runs (a date still bookable, an open sitting of it with seats, the party within its limits and the
 * seats left, then the organiser's name, e-mail and phone). The server checks the same again, and the seats
 * under its lock.
 */
export function occasionBookingState(
  page: OccasionPage,
  values: OccasionBookingValues,
  pubPhone: string,
): OccasionBookingState {
  const { occasion } = page;
  const counted = partyToShow(guestCountFromInput(values.adults), guestCountFromInput(values.children));
  const party = {
    adults: counted.partyAdults,
    children: occasion.prices.childPence === null ? 0 : counted.partyChildren,
  };
  const sitting = chosenSitting(page, values);
  const counts = countsProblem(page, values);
  const input = { ...values, adults: counted.partyAdults, children: counted.partyChildren };
  const partyLimit =
    counts ??
    shown(
      occasionPartyProblem(occasion, input, {
        phone: pubPhone,
        by: 'guest',
        availability: sitting && !sitting.closed ? sitting : undefined,
      }),
    );
  const ruled = shown(
    occasionBookingProblem(occasion, input, {
      now: new Date(),
      phone: pubPhone,
      by: 'guest',
      availability: sitting,
      onlineOpen: page.dates.find((date) => date.date === values.date)?.bookable,
    }),
  );
  // A count that is not whole makes the party nobody, where the rule finds no adult: the count's own problem is said.
  const first = counts && ruled?.field === 'adults' ? counts : ruled;
  return {
    party,
    guests: partySize(party.adults, party.children),
    totalPence: partyPricePence(occasion, party),
    dueNowPence: amountDuePence(occasion, party),
    partyLimit,
    problem: first,
  };
}

/** The booking the server takes, from the form's values as typed, and where the guest came from. */
export function bookingRequest(
  values: OccasionBookingValues,
  childrenTaken: boolean,
  utmSource: string | null,
): OccasionBookingRequest {
  return {
    date: values.date,
    sittingId: values.sittingId,
    adults: guestCountFromInput(values.adults),
    children: childrenTaken ? guestCountFromInput(values.children) : 0,
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    allergies: values.allergies.trim(),
    occasionNotes: values.occasionNotes.trim(),
    notes: values.notes.trim(),
    utmSource,
  };
}
