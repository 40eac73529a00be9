import type { DepositRule } from '../../src/shared/deposits/rules.ts';
import type { TestApp } from './test-app.ts';

/** The rule: parties of 8 and more on Fridays and Saturdays pay £10 a head, refundable until 48 hours before. */
export const WEEKEND_PARTIES: DepositRule = {
  id: 'weekend-parties',
  name: 'Large parties at weekends',
  bookings: 'all',
  partyFrom: 8,
  weekdays: [5, 6],
  dateRanges: [],
  services: [],
  eventSlugs: [],
  kind: 'deposit',
  perPersonPence: 1000,
  cancelHours: 48,
};

/** A card guarantee for parties of 4 and more, any day: a no-show fee of up to £15 a head. */
export const GUARANTEED_TABLES: DepositRule = {
  ...WEEKEND_PARTIES,
  id: 'guaranteed-tables',
  name: 'Guaranteed tables',
  partyFrom: 4,
  weekdays: [],
  kind: 'guarantee',
  perPersonPence: 1500,
  cancelHours: 24,
};

/** The weekend rule with some of its terms changed: the one shape every suite's rules start from. */
export function depositRule(overrides: Partial<DepositRule> = {}): DepositRule {
  return { ...WEEKEND_PARTIES, ...overrides };
}

/** Saves the deposit rules as staff would (a new version of the `deposit-rules` document). */
export async function setDepositRules(t: TestApp, rules: DepositRule[]): Promise<void> {
  const { version } = await t.app.content.latest('deposit-rules');
  await t.app.content.save(
    'deposit-rules',
    version,
    { rules },
    { email: 'landlord@pub.test', at: t.app.clock(), actor: { kind: 'system' } },
  );
}
