import { type Service, serviceForTime } from '../booking/rules.ts';
import { londonInstant, weekdayOf } from '../time/london-time.ts';
import type { DepositRule, DepositRulesDocument, DepositTerms } from './rule-schemas.ts';

export type { DepositKind, DepositRule, DepositRulesDocument, DepositTerms } from './rule-schemas.ts';

/** What a rule is matched against: the booking as it would be stored. */
export interface RuleSubject {
  date: string;
  timeSlot: string;
  service: Service;
  guests: number;
  /** The booking event the seat is at; null for a table booking. */
  eventSlug: string | null;
}

export function ruleMatches(rule: DepositRule, booking: RuleSubject): boolean {
  const isEvent = booking.eventSlug !== null;
  if (rule.bookings === 'tables' && isEvent) return false;
  if (rule.bookings === 'events' && !isEvent) return false;
  if (isEvent && rule.eventSlugs.length > 0 && !rule.eventSlugs.includes(booking.eventSlug as string)) {
    return false;
  }
  if (booking.guests < rule.partyFrom) return false;
  if (rule.weekdays.length > 0 && !rule.weekdays.includes(weekdayOf(booking.date))) return false;
  if (rule.services.length > 0 && !rule.services.includes(booking.service)) return false;
  if (
    rule.dateRanges.length > 0 &&
    !rule.dateRanges.some((range) => range.from <= booking.date && booking.date <= range.to)
  ) {
    return false;
  }
  return true;
}

/** The first rule that matches, or null: no rule, no payment. */
export function matchingRule(document: DepositRulesDocument, booking: RuleSubject): DepositRule | null {
  return document.rules.find((rule) => ruleMatches(rule, booking)) ?? null;
}

export function termsFor(
  rule: DepositRule,
  booking: Pick<RuleSubject, 'date' | 'timeSlot' | 'guests'>,
): DepositTerms {
  const starts = londonInstant(booking.date, booking.timeSlot);
  return {
    ruleId: rule.id,
    ruleName: rule.name,
    kind: rule.kind,
    perPersonPence: rule.perPersonPence,
    guests: booking.guests,
    amountPence: rule.perPersonPence * booking.guests,
    cancelHours: rule.cancelHours,
    freeUntil: new Date(starts.getTime() - rule.cancelHours * 3_600_000).toISOString(),
  };
}

/** The terms a booking would be made on now, or null when no rule matches. */
export function depositTermsOf(document: DepositRulesDocument, booking: RuleSubject): DepositTerms | null {
  const rule = matchingRule(document, booking);
  return rule ? termsFor(rule, booking) : null;
}

/** Whether a cancellation at `now` is inside the free window: the deposit refunded, the guarantee released. */
export function isFreeToCancel(terms: Pick<DepositTerms, 'freeUntil'>, now: Date): boolean {
  return now.getTime() < new Date(terms.freeUntil).getTime();
}

/**
 * The terms of a booking as a form or a request has it (party as adults and children, service from its time): the
 * one way the booking form, New booking, the server and a guest's change ask what a booking owes.
 */
export function depositTermsForBooking(
  document: DepositRulesDocument,
  booking: {
    date: string;
    timeSlot: string;
    partyAdults: number;
    partyChildren: number;
    eventSlug?: string | null;
  },
): DepositTerms | null {
  return depositTermsOf(document, {
    date: booking.date,
    timeSlot: booking.timeSlot,
    service: serviceForTime(booking.timeSlot),
    guests: booking.partyAdults + booking.partyChildren,
    eventSlug: booking.eventSlug ?? null,
  });
}
