import { describe, expect, it } from 'vitest';
import { setMenuOccasions } from '#shared/christmas/occasion.ts';
import type { OccasionPage } from '#shared/occasions/api.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { bookingRequest, type OccasionBookingValues, occasionBookingState } from './booking-values.ts';

const [partyNights, supperClub] = setMenuOccasions(seedContent.occasions.occasions) as [
  OccasionPage['occasion'],
  OccasionPage['occasion'],
];
const PHONE = '0118 496 0000';

function page(
  occasion: OccasionPage['occasion'],
  date: string,
  seats: { remaining: number; closed?: boolean; bookable?: boolean },
): OccasionPage {
  return {
    occasion,
    dates: [
      {
        date,
        preOrderDeadline: `${date}T00:00:00.000Z`,
        refundCutoff: `${date}T00:00:00.000Z`,
        bookable: seats.bookable ?? true,
        sittings: occasion.sittings.map((sitting) => ({
          sittingId: sitting.id,
          seats: sitting.seats,
          remaining: seats.remaining,
          closed: seats.closed ?? false,
        })),
      },
    ],
  };
}

const VALID: OccasionBookingValues = {
  date: '2026-12-11',
  sittingId: 'dinner',
  adults: '10',
  children: '2',
  name: 'Mary Crawley',
  email: 'mary@example.com',
  phone: '07700 900123',
  allergies: '',
  occasionNotes: '',
  notes: '',
};

describe('occasionBookingState', () => {
  it('prices the party and the deposit, with nothing left to do', () => {
    const state = occasionBookingState(page(partyNights, '2026-12-11', { remaining: 40 }), VALID, PHONE);
    expect(state).toMatchObject({ guests: 12, totalPence: 41_800, dueNowPence: 12_000, problem: null });
  });

  it('says how many seats the sitting has left, beside the party at once', () => {
    const state = occasionBookingState(page(partyNights, '2026-12-11', { remaining: 7 }), VALID, PHONE);
    expect(state.partyLimit).toEqual({
      field: 'sittingId',
      message: 'Only 7 seats are left at that sitting.',
    });
    expect(state.problem).toEqual(state.partyLimit);
  });

  it('refuses a closed sitting and a date past its online booking', () => {
    expect(
      occasionBookingState(page(partyNights, '2026-12-11', { remaining: 40, closed: true }), VALID, PHONE)
        .problem?.field,
    ).toBe('sittingId');
    expect(
      occasionBookingState(page(partyNights, '2026-12-11', { remaining: 40, bookable: false }), VALID, PHONE)
        .problem,
    ).toEqual({
      field: 'date',
      message: `Online booking for that date has closed. Please call us on ${PHONE} to ask about a table.`,
    });
  });

  it('takes no children where none are taken, and sends none', () => {
    const supper = page(supperClub, '2027-01-22', { remaining: 24 });
    const values = { ...VALID, date: '2027-01-22', sittingId: 'supper', adults: '2', children: '1' };
    expect(occasionBookingState(supper, values, PHONE)).toMatchObject({
      guests: 2,
      totalPence: 9000,
      dueNowPence: 9000,
      problem: { field: 'children', message: 'This occasion is for adults only.' },
    });
    expect(bookingRequest(values, false, null).children).toBe(0);
  });

  it('refuses a count that is not a whole number', () => {
    const state = occasionBookingState(
      page(partyNights, '2026-12-11', { remaining: 40 }),
      { ...VALID, adults: '2.5' },
      PHONE,
    );
    expect(state.problem).toEqual({ field: 'adults', message: 'Adults must be a whole number, 0 or more.' });
    expect(state.totalPence).toBe(0);
  });
});
