import { SERVICES, type Service } from '#shared/booking/rules.ts';
import type { DepositKind, DepositRule } from '#shared/deposits/rules.ts';

/** The deposit rules editor's own words: what each kind asks of a guest, and what the preview says. */
export const RULE_WORDS = {
  order: 'The first rule that matches a booking applies. No rule: no payment, as today.',
  kindHints: {
    deposit: 'Taken when the guest books, and it comes off their bill on the day.',
    guarantee: 'Nothing is taken when they book; a no-show fee of up to the amount may be charged later.',
  } satisfies Record<DepositKind, string>,
  previewLead:
    'Each rule’s terms for an example booking it applies to, word for word as guests read them when they book.',
  previewNeedsCorrecting: 'Correct this rule’s problems to see the terms guests would read.',
  previewShadowed:
    'No booking reaches this rule: a rule above it applies first to every booking it fits in the next year.',
  eventsFailed: 'Could not load the events. Reload the page to tie a rule to some of them.',
  noBookingEvents: 'No coming event takes bookings.',
  previewNoBooking: 'No booking in the next year fits this rule, so it asks nothing of anyone yet.',
} as const;

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Monday first, as the pub's week reads; stored as 0 = Sunday … 6 = Saturday. */
export const WEEKDAY_CHOICES = [1, 2, 3, 4, 5, 6, 0].map((day) => ({
  value: day,
  label: WEEKDAY_NAMES[day] ?? '',
}));

/** "Fri, Sat", or "every day" for none. */
export const weekdaysText = (days: readonly number[]) =>
  WEEKDAY_CHOICES.filter((choice) => days.includes(choice.value))
    .map((choice) => choice.label)
    .join(', ') || 'every day';

const SERVICE_TITLES: Record<Service, string> = { lunch: 'Lunch', dinner: 'Dinner' };

export const SERVICE_CHOICES = SERVICES.map((service) => ({
  value: service,
  label: SERVICE_TITLES[service],
}));

/** "Large parties", or its place in the list while it has no name. */
export const ruleTitle = (rule: Pick<DepositRule, 'name'> | undefined, index: number) =>
  rule?.name.trim() || `Rule ${index + 1}`;
