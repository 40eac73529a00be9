import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositRulesDocument } from '#shared/deposits/rules.ts';
import type { StandbyClaimed, StandbyEntryView, StandbyOfferView } from '#shared/standby/api.ts';
import { standbyClaimPath, standbyEntryPath } from '#shared/standby/links.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { STANDBY_WORDS } from '../features/standby/standby-words.ts';
import { fakeApi } from './fake-api.ts';

const TOKEN = 't'.repeat(43);
const ENTRY_API = `/api/standby/entries/${TOKEN}`;
const OFFER_API = `/api/standby/offers/${TOKEN}`;
const MANAGE_URL = `https://pub.test/bookings/manage/${'m'.repeat(43)}`;
const AXE_RULES = { 'color-contrast': { enabled: false }, region: { enabled: false } };

const ENTRY: StandbyEntryView = {
  reference: 'SB-4KQ7',
  date: '2026-12-08',
  service: 'dinner',
  windowStart: '19:00',
  windowEnd: '20:00',
  partySize: 4,
  name: 'Ada Lovelace',
  status: 'WAITING',
};

/** Offered at 6pm on Tuesday 8 December, held until 6:30pm (London is on GMT). */
const OFFER: StandbyOfferView = {
  date: '2026-12-08',
  timeSlot: '19:00',
  partySize: 4,
  name: 'Ada Lovelace',
  state: 'OPEN',
  expiresAt: '2026-12-08T18:30:00.000Z',
};

const BOOKED: StandbyClaimed = {
  ...storedBookingFixture({
    reference: 'RC-STB234',
    date: '2026-12-08',
    timeSlot: '19:00',
    partyAdults: 4,
    partyChildren: 0,
    partySize: 4,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    source: 'standby',
  }),
  manageUrl: MANAGE_URL,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-08T18:05:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The API as a standby page meets it: `page` to the GET (null: not found), `answer` to what it sends. */
function serve(page: object | null, answer: (method: string) => Response | undefined = () => undefined) {
  return fakeApi(({ method, url }) => {
    if (url.startsWith('/api/content/')) return undefined;
    if (method === 'GET') {
      return page ? Response.json(page) : Response.json({ error: 'Not found' }, { status: 404 });
    }
    return answer(method);
  });
}

describe('/standby/:token', () => {
  it('shows the guest’s place, says it is no booking, and passes axe', async () => {
    serve(ENTRY);
    const view = renderRoute(standbyEntryPath(TOKEN));
    const place = await screen.findByRole('region', { name: STANDBY_WORDS.entryTitle });
    expect(screen.getByRole('heading', { level: 1, name: STANDBY_WORDS.entryTitle })).toBeInTheDocument();
    for (const text of ['SB-4KQ7', 'Tuesday 8 December 2026', '7pm–8pm (Dinner)', '4 guests', 'Waiting']) {
      expect(within(place).getByText(text)).toBeInTheDocument();
    }
    expect(within(place).getByText(STANDBY_MESSAGES.notABooking)).toBeVisible();
    expect((await axe.run(view.container, { rules: AXE_RULES })).violations).toEqual([]);
  });

  it('leaves the list once the guest confirms', async () => {
    const user = userEvent.setup();
    const sent = serve(ENTRY, (method) =>
      method === 'DELETE' ? Response.json({ ...ENTRY, status: 'REMOVED' }) : undefined,
    );
    renderRoute(standbyEntryPath(TOKEN));
    await user.click(await screen.findByRole('button', { name: STANDBY_WORDS.leave }));
    const dialog = screen.getByRole('dialog', { name: STANDBY_WORDS.leaveQuestion });
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: STANDBY_WORDS.leave }));

    expect(await screen.findByRole('status')).toHaveTextContent(STANDBY_MESSAGES.removed);
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      ENTRY_API,
    ]);
    expect(screen.getByText('Removed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: STANDBY_WORDS.leave })).not.toBeInTheDocument();
  });

  it('says a link that opens no place so', async () => {
    serve(null);
    renderRoute(standbyEntryPath(TOKEN));
    expect(
      await screen.findByRole('heading', { level: 1, name: STANDBY_MESSAGES.entryNotFound }),
    ).toBeInTheDocument();
  });
});

describe('/standby/claim/:token', () => {
  it('shows the offer and until when it is held, and books it on a claim', async () => {
    const user = userEvent.setup();
    const sent = serve(OFFER, (method) =>
      method === 'POST' ? Response.json(BOOKED, { status: 201 }) : undefined,
    );
    const view = renderRoute(standbyClaimPath(TOKEN));
    const offer = await screen.findByRole('region', { name: 'Your offer' });
    for (const text of ['Tuesday 8 December 2026', '7pm', '4 guests', STANDBY_WORDS.holdsUntil('6:30pm')]) {
      expect(within(offer).getByText(text)).toBeInTheDocument();
    }
    expect((await axe.run(view.container, { rules: AXE_RULES })).violations).toEqual([]);

    await user.click(within(offer).getByRole('button', { name: STANDBY_WORDS.claim }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(STANDBY_MESSAGES.claimed);
    expect(done).toHaveTextContent('RC-STB234');
    expect(done).toHaveTextContent('A confirmation is on its way to ada@example.com.');
    expect(within(done).getByRole('link', { name: STANDBY_WORDS.seeBooking })).toHaveAttribute(
      'href',
      new URL(MANAGE_URL).pathname,
    );
    await waitFor(() => expect(done).toHaveFocus());
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      `${OFFER_API}/claim`,
    ]);
  });

  it('says so when another guest claimed the table first, and offers it no more', async () => {
    const user = userEvent.setup();
    serve(OFFER, () => Response.json({ error: STANDBY_MESSAGES.alreadyTaken }, { status: 409 }));
    renderRoute(standbyClaimPath(TOKEN));
    await user.click(await screen.findByRole('button', { name: STANDBY_WORDS.claim }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STANDBY_MESSAGES.alreadyTaken);
    expect(screen.queryByRole('button', { name: STANDBY_WORDS.claim })).not.toBeInTheDocument();
  });

  it.each([
    ['run out', { state: 'EXPIRED' }, STANDBY_MESSAGES.expired('6:30pm')],
    ['past its time', { expiresAt: '2026-12-08T18:00:00.000Z' }, STANDBY_MESSAGES.expired('6pm')],
    ['claimed', { state: 'CLAIMED' }, STANDBY_WORDS.offerClaimed],
    ['taken', { state: 'GONE' }, STANDBY_MESSAGES.alreadyTaken],
    ['not paid for', { state: 'UNPAID' }, STANDBY_MESSAGES.claimUnpaid],
  ] as const)('shows an offer %s without the button', async (_name, change, words) => {
    serve({ ...OFFER, ...change });
    renderRoute(standbyClaimPath(TOKEN));
    expect(await screen.findByText(words)).toBeVisible();
    expect(screen.queryByRole('button', { name: STANDBY_WORDS.claim })).not.toBeInTheDocument();
  });

  it('says a link that opens no offer so', async () => {
    serve(null);
    renderRoute(standbyClaimPath(TOKEN));
    expect(
      await screen.findByRole('heading', { level: 1, name: STANDBY_MESSAGES.offerNotFound }),
    ).toBeInTheDocument();
  });

  describe('with a deposit rule that matches', () => {
    const RULES: DepositRulesDocument = {
      rules: [
        {
          id: 'large-dinners',
          name: 'Large parties at dinner',
          bookings: 'tables',
          partyFrom: 4,
          weekdays: [],
          dateRanges: [],
          services: ['dinner'],
          eventSlugs: [],
          kind: 'deposit',
          perPersonPence: 1000,
          cancelHours: 48,
        },
      ],
    };
    const seeded = seedContent['deposit-rules'];
    beforeEach(() => {
      seedContent['deposit-rules'] = RULES;
      vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    });
    afterEach(() => {
      seedContent['deposit-rules'] = seeded;
    });

    it('shows the terms before the claim, and goes on to the payment', async () => {
      const user = userEvent.setup();
      const checkoutUrl = 'https://checkout.stripe.test/c/pay/cs_standby';
      serve(OFFER, () =>
        Response.json(
          {
            ...BOOKED,
            status: 'PENDING',
            payment: {
              checkoutUrl,
              pid: 'pid_standby',
              terms: {
                ruleId: 'large-dinners',
                ruleName: 'Large parties at dinner',
                kind: 'deposit',
                perPersonPence: 1000,
                guests: 4,
                amountPence: 4000,
                cancelHours: 48,
                freeUntil: '2026-12-06T19:00:00.000Z',
              },
              holdUntil: '2026-12-08T18:35:00.000Z',
            },
          },
          { status: 201 },
        ),
      );
      renderRoute(standbyClaimPath(TOKEN));
      const claim = await screen.findByRole('button', { name: STANDBY_WORDS.claim });
      expect(screen.getByText('£40.00 deposit')).toBeVisible();
      expect(claim).toHaveAccessibleDescription(expect.stringContaining('£40.00 deposit'));

      await user.click(claim);
      await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith(checkoutUrl));
      expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
      expect(sessionStorage.getItem('deposit-return:pid_standby')).toBe(MANAGE_URL);
    });
  });
});
