import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboxMessages, standbyEntries, standbyOffers } from '#db/schema.ts';
import type { MailKind } from '#shared/mail/outbox.ts';
import type { StandbyJoined } from '#shared/standby/api.ts';
import type { AppFixture } from '#tests/helpers/app-fixture.ts';

/** Sunday 29 November 2026, midday (London is on GMT): the suites' clock. */
export const NOW = new Date('2026-11-29T12:00:00Z');
/** Saturday 5 December 2026: its dinner from 7pm to 8:30pm is full in the suites. */
export const SATURDAY = '2026-12-05';

/** A guest's request to join Saturday's dinner list, 7pm to 8:30pm, two adults. */
export function standbyRequest(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Edith Crawley',
    phone: '07700 900321',
    email: 'edith@example.com',
    date: SATURDAY,
    windowStart: '19:00',
    windowEnd: '20:30',
    partyAdults: 2,
    partyChildren: 0,
    ...overrides,
  };
}

/** Joins the list `minutes` after NOW (entries joining at one instant would have no order between them). */
export async function joinAt(t: AppFixture, minutes: number, overrides: Record<string, unknown> = {}) {
  t.setNow(new Date(NOW.getTime() + minutes * 60_000));
  return t.app.inject({ method: 'POST', url: '/api/standby', payload: standbyRequest(overrides) });
}

/** Joins and expects to be on the list; answers the joined entry. */
export async function joined(t: AppFixture, minutes: number, overrides: Record<string, unknown> = {}) {
  const response = await joinAt(t, minutes, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as StandbyJoined;
}

/** The token of a guest link (`…/standby/<token>` or `…/standby/claim/<token>`). */
export function tokenOf(url: string): string {
  const token = url.split('/').at(-1);
  if (!token) throw new Error(`No token in ${url}`);
  return token;
}

/**
 * Fills Saturday's dinner from 7pm to 8:30pm for two: a phone party of 22 at 7pm and Margaret's two at 7:30pm
 * (the booking to cancel: it frees two covers at 7pm, 7:30pm and 8pm). Answers Margaret's booking, by its id and
 * by her own link's token.
 */
export async function fillSaturdayEvening(
  t: AppFixture,
): Promise<{ bookingId: string; manageToken: string }> {
  t.setNow(NOW);
  const party = await t.asStaff({
    method: 'POST',
    url: '/api/admin/bookings',
    payload: {
      name: 'Patel',
      phone: '07700 900456',
      email: '',
      date: SATURDAY,
      timeSlot: '19:00',
      partyAdults: 22,
      source: 'phone',
    },
  });
  expect(party.statusCode, party.body).toBe(201);
  const margaret = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      name: 'Margaret Ellis',
      phone: '07700 900123',
      email: 'margaret@example.com',
      date: SATURDAY,
      timeSlot: '19:30',
      partyAdults: 2,
    },
  });
  expect(margaret.statusCode, margaret.body).toBe(201);
  const { _id, manageUrl } = margaret.json() as { _id: string; manageUrl: string };
  return { bookingId: _id, manageToken: tokenOf(manageUrl) };
}

/** Margaret cancels her booking from her own link. */
export async function cancelAsGuest(t: AppFixture, manageToken: string): Promise<void> {
  const cancelled = await t.app.inject({
    method: 'POST',
    url: `/api/bookings/manage/${manageToken}/cancel`,
    payload: {},
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
}

/** Staff cancel a booking, as the day view does. */
export async function cancelBooking(t: AppFixture, bookingId: string): Promise<void> {
  const cancelled = await t.asStaff({
    method: 'PATCH',
    url: `/api/bookings/${bookingId}`,
    payload: { status: 'CANCELLED' },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
}

/** The e-mails of a kind in the outbox, oldest first: to whom, and their text. */
export async function mailOf(t: AppFixture, kind: MailKind) {
  const rows = await t.database.db
    .select({ message: outboxMessages.message })
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, kind))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
  return rows.map(({ message }) => {
    const { to, text, subject } = message as { to: { address: string }; text: string; subject: string };
    return { to: to.address, text, subject };
  });
}

/** The claim link's token in an offer's e-mail. */
export function claimTokenIn(text: string): string {
  const match = /\/standby\/claim\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match?.[1]) throw new Error('No claim link in the e-mail');
  return match[1];
}

/** Every offer made, oldest first, with the e-mail of the entry it went to. */
export async function offersMade(t: AppFixture) {
  return t.database.db
    .select({
      email: standbyEntries.email,
      timeSlot: standbyOffers.timeSlot,
      state: standbyOffers.state,
      offeredBy: standbyOffers.offeredBy,
    })
    .from(standbyOffers)
    .innerJoin(standbyEntries, eq(standbyEntries.id, standbyOffers.entryId))
    .orderBy(asc(standbyOffers.createdAt), asc(standbyEntries.email));
}
