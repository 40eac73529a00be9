import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { changedPartyPricePence, PARTY_CHANGE_MESSAGES, partyChangeProblem } from './party-change.ts';
import type { Occasion } from './schema.ts';

const [partyNights, supperClub] = seedContent.occasions.occasions as [Occasion, Occasion];
const PHONE = '0118 496 0000';

const party = fc.record({
  adults: fc.integer({ min: 1, max: 40 }),
  children: fc.integer({ min: 0, max: 10 }),
});

describe('changedPartyPricePence', () => {
  it('prices only the guests added or taken away: changing there and back gives the booked price again', () => {
    fc.assert(
      fc.property(party, party, fc.integer({ min: 0, max: 500_000 }), (booked, changed, totalPence) => {
        const booking = { partyAdults: booked.adults, partyChildren: booked.children, totalPence };
        const changedTotal = changedPartyPricePence(partyNights, booking, changed);
        const back = changedPartyPricePence(
          partyNights,
          { partyAdults: changed.adults, partyChildren: changed.children, totalPence: changedTotal },
          booked,
        );
        expect(back).toBe(totalPence);
      }),
    );
  });
});

describe('partyChangeProblem', () => {
  it('accepts no change that leaves more paid than the party’s price, nor fewer guests than diners', () => {
    fc.assert(
      fc.property(
        party,
        party,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 40 }),
        (booked, changed, paidGuests, diners) => {
          const booking = {
            partyAdults: booked.adults,
            partyChildren: 0,
            totalPence: booked.adults * 4500,
            paidPence: paidGuests * 4500,
            diners,
          };
          const problem = partyChangeProblem(
            supperClub,
            booking,
            { ...changed, children: 0 },
            { phone: PHONE },
          );
          if (problem === null) {
            expect(
              changedPartyPricePence(supperClub, booking, { ...changed, children: 0 }),
            ).toBeGreaterThanOrEqual(booking.paidPence);
            expect(changed.adults).toBeGreaterThanOrEqual(diners);
          }
        },
      ),
    );
  });

  it('names the party as it stands, the diners to take off, and the money paid', () => {
    const booking = { partyAdults: 3, partyChildren: 0, totalPence: 13_500, paidPence: 13_500, diners: 0 };
    expect(
      partyChangeProblem(supperClub, booking, { adults: 3, children: 0 }, { phone: PHONE })?.message,
    ).toBe(PARTY_CHANGE_MESSAGES.unchanged);
    expect(
      partyChangeProblem(supperClub, booking, { adults: 2, children: 0 }, { phone: PHONE })?.message,
    ).toBe(
      '£135.00 has been paid, more than £90.00 for 2 tickets. To give money back, cancel the booking and book again.',
    );
    const withDiners = { ...booking, paidPence: 0, diners: 3 };
    expect(
      partyChangeProblem(partyNights, withDiners, { adults: 1, children: 0 }, { phone: PHONE })?.message,
    ).toBe('3 diners have chosen already: remove 2 diners before making the party 1.');
    expect(
      partyChangeProblem(
        partyNights,
        withDiners,
        { adults: 5, children: 0 },
        { phone: PHONE, remainingSeats: 4 },
      ),
    ).toMatchObject({ field: 'adults', kind: 'unavailable' });
  });
});
