import { describe, expect, it } from 'vitest';
import { seedContent } from '#tests/helpers/seed-content.ts';
import type { Occasion } from './schema.ts';
import { occasionPaymentText, staffPaymentProblem } from './staff-payment.ts';

const [partyNights, supperClub] = seedContent.occasions.occasions as [Occasion, Occasion];

describe('staffPaymentProblem', () => {
  const party = { adults: 4, children: 0 };

  it('asks how the deposit or the price was taken whenever one is due', () => {
    expect(staffPaymentProblem(partyNights, party, null)).toBe('Please choose how the deposit was taken.');
    expect(staffPaymentProblem(partyNights, party, 'cheque')).toBe(
      'Please choose how the deposit was taken.',
    );
    expect(staffPaymentProblem(supperClub, party, null)).toBe('Please choose how the payment was taken.');
    for (const method of ['card-by-phone', 'cash', 'waived']) {
      expect(staffPaymentProblem(partyNights, party, method)).toBeNull();
    }
  });

  it('asks nothing of an occasion paid on the day', () => {
    const onTheDay: Occasion = { ...partyNights, payment: { kind: 'none' } };
    expect(staffPaymentProblem(onTheDay, party, null)).toBeNull();
  });
});

describe('occasionPaymentText', () => {
  it('says how staff took it, or that it was paid online', () => {
    const booking = { paymentKind: 'deposit' as const, paidPence: 12_000 };
    expect(occasionPaymentText({ ...booking, paymentMethod: 'cash', source: 'phone' })).toBe(
      'Deposit £120.00 in cash',
    );
    expect(occasionPaymentText({ ...booking, paymentMethod: null, source: 'online' })).toBe(
      '£120.00 paid online',
    );
    expect(occasionPaymentText({ ...booking, paymentMethod: null, source: 'phone' })).toBe(
      '£120.00 paid to staff',
    );
  });
});
