import { z } from 'zod';
import { SERVICES } from '../booking/rules.ts';
import { documentText } from '../schema/fields.ts';
import { isRealIsoDate } from '../time/london-time.ts';

/**
 * The `deposit-rules` content document and a booking's frozen terms, checked by zod (server and staff screens).
 * The matching itself is in rules.ts, free of zod, so the guests' booking form carries none.
 */

/**
 * What a rule asks of a booking it matches (decision 031): a deposit taken at booking, which comes off the bill,
 * or a card guarantee, where nothing is taken and a no-show fee of up to the amount may be charged later.
 */
export const DEPOSIT_KINDS = ['deposit', 'guarantee'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const DEPOSIT_KIND_LABELS: Record<DepositKind, string> = {
  deposit: 'Deposit taken at booking',
  guarantee: 'Card guarantee (no-show fee)',
};

/** Which bookings a rule looks at: table bookings, seats at events that take bookings, or both. */
export const RULE_BOOKINGS = ['all', 'tables', 'events'] as const;
export type RuleBookings = (typeof RULE_BOOKINGS)[number];

export const RULE_BOOKINGS_LABELS: Record<RuleBookings, string> = {
  all: 'Table bookings and event bookings',
  tables: 'Table bookings only',
  events: 'Event bookings only',
};

/** At most £500 a person: a typing slip of an extra nought is caught, a tasting menu is not refused. */
export const MAX_PER_PERSON_PENCE = 50_000;
/** Free cancellation may end up to two weeks before the booking. */
export const MAX_CANCEL_HOURS = 336;

const id = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits and dashes (at most 40)');
const isoDate = z.string().refine(isRealIsoDate, 'must be a date (YYYY-MM-DD)');
const wholeNumber = z.number().int('must be a whole number');

const dateRangeSchema = z.object({ from: isoDate, to: isoDate }).refine((range) => range.from <= range.to, {
  message: 'must end on or after the day it starts',
  path: ['to'],
});

export const depositRuleSchema = z.object({
  id,
  /** What staff call it, and what the terms name: "Large parties at weekends". */
  name: documentText(80).min(1, 'needs a name, e.g. Large parties at weekends'),
  bookings: z.enum(RULE_BOOKINGS),
  /** The rule applies to parties of this many guests and more (1: any party). */
  partyFrom: wholeNumber.min(1, 'must be at least 1').max(100, 'must be at most 100'),
  /** 0 = Sunday … 6 = Saturday; none listed: every day. */
  weekdays: z.array(wholeNumber.min(0).max(6)).max(7),
  /** Dates or seasons (e.g. Saturdays in December: Saturday and 1–31 December); none listed: any date. */
  dateRanges: z.array(dateRangeSchema).max(20),
  /** None listed: both services. */
  services: z.array(z.enum(SERVICES)).max(SERVICES.length),
  /** For event bookings: only these events (by their address); none listed: every event that takes bookings. */
  eventSlugs: z.array(z.string().min(1).max(120)).max(50),
  kind: z.enum(DEPOSIT_KINDS),
  /** The deposit, or the most the no-show fee may be, per person, in pence. */
  perPersonPence: wholeNumber
    .min(100, 'must be at least £1.00')
    .max(MAX_PER_PERSON_PENCE, 'must be at most £500.00'),
  /** Free to cancel or change until this many hours before the booking. */
  cancelHours: wholeNumber
    .min(0, 'must be 0 or more')
    .max(MAX_CANCEL_HOURS, 'must be at most 336 (two weeks)'),
});
export type DepositRule = z.infer<typeof depositRuleSchema>;

/** The `deposit-rules` content document: the first rule that matches a booking applies; none, nothing is asked. */
export const depositRulesDocumentSchema = z
  .object({ rules: z.array(depositRuleSchema).max(30) })
  .superRefine((document, context) => {
    const seen = new Set<string>();
    document.rules.forEach((rule, index) => {
      if (seen.has(rule.id)) {
        context.addIssue({
          code: 'custom',
          message: 'is used by another rule',
          path: ['rules', index, 'id'],
        });
      }
      seen.add(rule.id);
    });
  });
export type DepositRulesDocument = z.infer<typeof depositRulesDocumentSchema>;

/** The terms a booking is made on: fixed when it is made, so a later change of the rules never changes them. */
export const depositTermsSchema = z.object({
  ruleId: z.string(),
  ruleName: z.string(),
  kind: z.enum(DEPOSIT_KINDS),
  perPersonPence: z.number().int().nonnegative(),
  guests: z.number().int().positive(),
  /** The deposit taken, or the most the no-show fee may be, for the whole party. */
  amountPence: z.number().int().nonnegative(),
  cancelHours: z.number().int().nonnegative(),
  /** The instant free cancellation ends (ISO). */
  freeUntil: z.string(),
});
export type DepositTerms = z.infer<typeof depositTermsSchema>;
