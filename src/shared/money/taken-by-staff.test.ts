import { describe, expect, it } from 'vitest';
import { staffPaidPence, staffPaymentLegend, staffPaymentNote, staffPaymentText } from './taken-by-staff.ts';

describe('money taken by staff', () => {
  it('records the whole amount due as paid, or nothing when it is waived', () => {
    expect(staffPaidPence('card-by-phone', 4000)).toBe(4000);
    expect(staffPaidPence('cash', 4000)).toBe(4000);
    expect(staffPaidPence('waived', 4000)).toBe(0);
  });

  it('says how it came, in the words of the list, the slip and the trail', () => {
    expect(staffPaymentText('deposit', 'card-by-phone', 4000)).toBe('Deposit £40.00 by card on the phone');
    expect(staffPaymentText('payment', 'cash', 13_500)).toBe('Payment £135.00 in cash');
    expect(staffPaymentText('payment', 'waived', 0)).toBe('Payment waived');
    expect(staffPaymentNote('cash')).toBe(' (cash)');
    expect(staffPaymentNote(null)).toBe('');
    expect(staffPaymentLegend('deposit', 5000)).toBe('Deposit of £50.00');
    expect(staffPaymentLegend('payment', 0)).toBe('Payment');
  });
});
