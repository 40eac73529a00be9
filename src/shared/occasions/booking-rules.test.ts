import { describe, expect, it } from 'vitest';
import { seedContent } from '#tests/helpers/seed-content.ts';
import {
  type OccasionBookingContext,
  type OccasionBookingInput,
  occasionBookingProblem,
  occasionPartyProblem,
} from './booking-rules.ts';
import type { Occasion } from './schema.ts';

const [partyNights, supperClub] = seedContent.occasions.occasions as [Occasion, Occasion];
const PHONE = '0118 496 0000';
const NOW = new Date('2026-11-20T12:00:00Z');
const GUEST: OccasionBookingContext = { now: NOW, phone: PHONE, by: 'guest' };
const STAFF: OccasionBookingContext = { now: NOW, phone: PHONE, by: 'staff' };

const VALID: OccasionBookingInput = {
  date: '2026-12-11',
  sittingId: 'dinner',
  adults: 10,
  children: 2,
  name: 'Mary Crawley',
  email: 'mary@example.com',
  phone: '07700 900123',
};

describe('occasionBookingProblem', () => {
  it('passes a booking that keeps every rule, with seats to spare', () => {
    expect(occasionBookingProblem(partyNights, VALID, GUEST)).toBeNull();
    expect(
      occasionBookingProblem(partyNights, VALID, {
        ...GUEST,
        availability: { remaining: 12, closed: false },
      }),
    ).toBeNull();
  });

  // Each case also breaks every rule after it, so each is the first problem in the order the server checks.
  it.each<[string, Partial<OccasionBookingInput>, Partial<OccasionBookingContext>, object]>([
    [
      'a date the occasion does not run on',
      { date: '2026-12-10', sittingId: 'breakfast', adults: 0 },
      {},
      { field: 'date', kind: 'invalid', message: 'Please choose one of the dates this occasion runs on.' },
    ],
    [
      'a sitting it does not have',
      { sittingId: 'breakfast', adults: 0 },
      { now: new Date('2026-12-30T12:00:00Z') },
      { field: 'sittingId', kind: 'invalid', message: 'Please choose one of the sittings.' },
    ],
    [
      'a date whose online booking has closed',
      { adults: 0 },
      { now: new Date('2026-12-02T12:00:00Z'), availability: { remaining: 0, closed: true } },
      {
        field: 'date',
        kind: 'unavailable',
        message: `Online booking for that date has closed. Please call us on ${PHONE} to ask about a table.`,
      },
    ],
    [
      'a sitting closed to online bookings',
      { adults: 0 },
      { availability: { remaining: 0, closed: true } },
      {
        field: 'sittingId',
        kind: 'unavailable',
        message: `That sitting is closed to online bookings. Please choose another, or call us on ${PHONE}.`,
      },
    ],
    [
      'a full sitting',
      { adults: 0 },
      { availability: { remaining: 0, closed: false } },
      {
        field: 'sittingId',
        kind: 'unavailable',
        message: 'Sorry, that sitting is full. Please choose another.',
      },
    ],
    [
      'no adult',
      { adults: 0, children: 8, name: ' ' },
      {},
      {
        field: 'adults',
        kind: 'invalid',
        message: 'Please include at least 1 adult: children must be accompanied by an adult.',
      },
    ],
    [
      'a party below the smallest',
      { adults: 5, children: 0, name: ' ' },
      { availability: { remaining: 2, closed: false } },
      {
        field: 'adults',
        kind: 'invalid',
        message: 'Online bookings for this occasion are for parties of 6 or more.',
      },
    ],
    [
      'a party above the largest',
      { adults: 30, children: 11, name: ' ' },
      { availability: { remaining: 2, closed: false } },
      {
        field: 'adults',
        kind: 'invalid',
        message: `For parties of more than 40, please call us on ${PHONE} so we can seat you together.`,
      },
    ],
    [
      'more guests than seats left',
      { name: ' ' },
      { availability: { remaining: 7, closed: false } },
      { field: 'sittingId', kind: 'unavailable', message: 'Only 7 seats are left at that sitting.' },
    ],
    [
      'no name',
      { name: ' ', email: 'mary.example.com' },
      {},
      { field: 'name', kind: 'invalid', message: 'Please enter your name.' },
    ],
    [
      'a bad e-mail',
      { email: 'mary.example.com', phone: '' },
      {},
      { field: 'email', kind: 'invalid', message: 'Please enter a valid email.' },
    ],
    [
      'no phone',
      { phone: ' ' },
      {},
      { field: 'phone', kind: 'invalid', message: 'Please enter your phone number.' },
    ],
    [
      'a phone that is not one',
      { phone: 'call me' },
      {},
      { field: 'phone', kind: 'invalid', message: 'Please enter a valid phone number.' },
    ],
  ])('a guest’s booking: %s', (_case, input, context, problem) => {
    expect(occasionBookingProblem(partyNights, { ...VALID, ...input }, { ...GUEST, ...context })).toEqual(
      problem,
    );
  });

  it('takes no children where the occasion is for adults only', () => {
    const supper = { ...VALID, date: '2027-01-22', sittingId: 'supper', adults: 2, children: 1, name: ' ' };
    expect(occasionBookingProblem(supperClub, supper, GUEST)).toEqual({
      field: 'children',
      kind: 'invalid',
      message: 'This occasion is for adults only.',
    });
  });

  it('lets the page’s word on a date’s online booking stand for the clock', () => {
    const late = new Date('2026-12-02T12:00:00Z');
    expect(occasionBookingProblem(partyNights, VALID, { ...GUEST, now: late, onlineOpen: true })).toBeNull();
    expect(occasionBookingProblem(partyNights, VALID, { ...GUEST, onlineOpen: false })?.message).toBe(
      `Online booking for that date has closed. Please call us on ${PHONE} to ask about a table.`,
    );
  });

  it('lets staff book after online booking closes, any party, a closed sitting, within its seats', () => {
    const late = { ...STAFF, now: new Date('2026-12-09T12:00:00Z') };
    const big = { ...VALID, adults: 45, children: 0 };
    expect(occasionBookingProblem(partyNights, big, late)).toBeNull();
    expect(occasionBookingProblem(partyNights, { ...VALID, adults: 1, children: 0 }, late)).toBeNull();
    expect(
      occasionBookingProblem(partyNights, VALID, { ...late, availability: { remaining: 12, closed: true } }),
    ).toBeNull();
    expect(
      occasionBookingProblem(partyNights, big, { ...late, availability: { remaining: 40, closed: true } }),
    ).toEqual({
      field: 'sittingId',
      kind: 'unavailable',
      message: 'Only 40 seats are left at that sitting.',
    });
  });

  it('refuses staff a date already past, and a guest staff cannot reach', () => {
    const after = { ...STAFF, now: new Date('2026-12-12T12:00:00Z') };
    expect(occasionBookingProblem(partyNights, VALID, after)).toEqual({
      field: 'date',
      kind: 'invalid',
      message: 'Please choose one of the dates this occasion runs on.',
    });
    const noContact = { ...VALID, email: ' ', phone: '' };
    expect(occasionBookingProblem(partyNights, noContact, STAFF)).toEqual({
      field: 'phone',
      kind: 'invalid',
      message: 'Please enter a phone number or an e-mail address.',
    });
    expect(occasionBookingProblem(partyNights, { ...VALID, email: '' }, STAFF)).toBeNull();
    expect(occasionBookingProblem(partyNights, { ...VALID, phone: '' }, STAFF)).toBeNull();
    expect(occasionBookingProblem(partyNights, { ...VALID, email: 'mary' }, STAFF)?.field).toBe('email');
    expect(occasionBookingProblem(partyNights, { ...VALID, phone: 'call me' }, STAFF)?.field).toBe('phone');
  });
});

describe('occasionPartyProblem', () => {
  it('judges the party alone, whatever the date', () => {
    const context = { phone: PHONE, by: 'guest' as const, availability: { remaining: 7, closed: false } };
    expect(occasionPartyProblem(partyNights, { adults: 6, children: 1 }, context)).toBeNull();
    expect(occasionPartyProblem(partyNights, { adults: 6, children: 2 }, context)).toEqual({
      field: 'sittingId',
      kind: 'unavailable',
      message: 'Only 7 seats are left at that sitting.',
    });
  });
});
