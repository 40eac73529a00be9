import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OccasionSummary } from '#shared/occasions/api.ts';
import { PARTY_NIGHTS_SUMMARY } from '#tests/helpers/occasion-summaries.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { fakeApi } from '#web/routes/fake-api.ts';
import { FEATURED_CHRISTMAS_DAY } from './promo-test-kit.ts';

/** Featured, so the promo offers it. */
const PARTY_NIGHTS: OccasionSummary = { ...PARTY_NIGHTS_SUMMARY, featured: true };
const CHRISTMAS_DAY_NOT_FEATURED: OccasionSummary = { ...FEATURED_CHRISTMAS_DAY, featured: false };

/** What's On's list, as `/api/occasions` answers it. */
function occasionsListed(occasions: OccasionSummary[]): void {
  fakeApi(({ url }) => (url.endsWith('/api/occasions') ? Response.json(occasions) : undefined));
}

/** Before the Christmas season's online cut-off (23 December 2026, 23:59). */
const BEFORE_CUTOFF = new Date('2026-12-01T10:00:00Z');

async function findPromo() {
  return screen.findByRole('dialog', { name: 'Christmas Day at the pub' });
}

/** The page has settled and asked What's On's list (`sent` by the fake API), and no promo has opened. */
async function expectNoPromoOnceListAsked(sent: readonly { url: string }[]) {
  // The promo's own chunk loaded first: a promo that wrongly opened would be in sight by the end of the wait.
  await import('./promo-dialog.tsx');
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(sent.some(({ url }) => url.endsWith('/api/occasions'))).toBe(true));
  await new Promise((settled) => setTimeout(settled, 300));
  expect(screen.queryByRole('dialog')).toBeNull();
}

describe('promo modal, with Christmas Day featured', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_CUTOFF);
    occasionsListed([PARTY_NIGHTS_SUMMARY, FEATURED_CHRISTMAS_DAY]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on public pages with the season’s offer', async () => {
    renderRoute('/');
    const promo = await findPromo();
    for (const offer of [
      '12pm–2pm and 2:30pm–4:30pm',
      '£95 adults',
      '£50 children',
      'Pre-order required',
      '£25 deposit per guest',
      'Regular online table bookings are closed for Christmas Day.',
    ]) {
      expect(promo).toHaveTextContent(offer);
    }
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it.each(['/christmas', '/christmas/success', '/christmas/cancel', '/admin', '/admin/bookings'])(
    'stays closed on %s',
    async (path) => {
      renderRoute(path);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('opens again on a route change to a public page until it is answered', async () => {
    const { navigate } = renderRoute('/christmas');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
    await navigate('/events');
    expect(await findPromo()).toBeInTheDocument();
  });

  it('Not now closes it and focus returns to the element focused before', async () => {
    const user = userEvent.setup();
    renderRoute('/about');
    const focusTarget = screen.getByRole('link', { name: 'The Rose & Crown' });
    focusTarget.focus();
    const promo = await findPromo();
    await waitFor(() => expect(promo.contains(document.activeElement)).toBe(true));
    await user.click(within(promo).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focusTarget).toHaveFocus();
  });

  it('closes on Escape and on the overlay, and stays closed for the visit once answered', async () => {
    const user = userEvent.setup();
    const { navigate } = renderRoute('/');
    await findPromo();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await navigate('/gallery');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();

    sessionStorage.clear();
    await navigate('/about');
    await findPromo();
    await user.click(screen.getByTestId('dialog-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('traps focus inside', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    const promo = await findPromo();
    for (let press = 0; press < 6; press++) {
      await user.tab();
      expect(promo.contains(document.activeElement)).toBe(true);
    }
  });

  it('Book Christmas Day goes to /christmas?utm_source=modal', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/');
    await user.click(within(await findPromo()).getByRole('button', { name: 'Book Christmas Day' }));
    await waitFor(() => expect(location().pathname).toBe('/christmas'));
    expect(location().search).toBe('?utm_source=modal');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Regular Booking Info goes to /bookings and does not reopen there', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/');
    await user.click(within(await findPromo()).getByRole('button', { name: 'Regular Booking Info' }));
    await waitFor(() => expect(location().pathname).toBe('/bookings'));
    await screen.findByRole('heading', { level: 1, name: 'Book a Table' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  describe('on a phone', () => {
    beforeEach(() => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(max-width: 639px)',
        media: query,
      }));
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('is a card at the foot of the page, not a dialog: the page stays usable behind it', async () => {
      const user = userEvent.setup();
      const { location } = renderRoute('/about');
      const card = await screen.findByRole('region', { name: 'Christmas Day at the pub' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(card).toHaveTextContent('£25 deposit per guest');
      expect(document.documentElement.style.overflow).toBe('');
      expect(card.contains(document.activeElement)).toBe(false);

      await user.click(within(card).getByRole('button', { name: 'Not now' }));
      expect(screen.queryByRole('region', { name: 'Christmas Day at the pub' })).toBeNull();
      expect(location().pathname).toBe('/about');
    });

    it('Book Christmas Day goes to /christmas?utm_source=modal from the card too', async () => {
      const user = userEvent.setup();
      const { location } = renderRoute('/');
      const card = await screen.findByRole('region', { name: 'Christmas Day at the pub' });
      await user.click(within(card).getByRole('button', { name: 'Book Christmas Day' }));
      await waitFor(() => expect(location().pathname).toBe('/christmas'));
      expect(location().search).toBe('?utm_source=modal');
    });
  });
});

describe('promo modal, whatever staff feature', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the featured occasion rather than Christmas Day, and its button opens the occasion’s page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_CUTOFF);
    occasionsListed([CHRISTMAS_DAY_NOT_FEATURED, PARTY_NIGHTS]);
    const user = userEvent.setup();
    const { location } = renderRoute('/');
    const promo = await screen.findByRole('dialog', { name: 'Christmas party nights' });
    expect(promo).toHaveTextContent('Three courses for office and family parties.');
    expect(promo).toHaveTextContent('Friday 4 December 2026 to Saturday 19 December 2026');
    expect(promo).toHaveTextContent('from £38 a head');
    expect(screen.queryByRole('dialog', { name: 'Christmas Day at the pub' })).toBeNull();
    await user.click(within(promo).getByRole('button', { name: 'Book Christmas party nights' }));
    await waitFor(() => expect(location().pathname).toBe('/occasions/christmas-party-nights'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed once Christmas Day, featured, takes no more orders online', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-24T00:00:00Z'));
    const sent = fakeApi(({ url }) =>
      url.endsWith('/api/occasions')
        ? Response.json([PARTY_NIGHTS_SUMMARY, FEATURED_CHRISTMAS_DAY])
        : undefined,
    );
    renderRoute('/about');
    await expectNoPromoOnceListAsked(sent);
  });

  it('stays shut when no occasion is featured, Christmas Day among them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_CUTOFF);
    const sent = fakeApi(({ url }) =>
      url.endsWith('/api/occasions')
        ? Response.json([PARTY_NIGHTS_SUMMARY, CHRISTMAS_DAY_NOT_FEATURED])
        : undefined,
    );
    renderRoute('/about');
    await expectNoPromoOnceListAsked(sent);
  });

  it('offers nothing while What’s On’s list cannot be had', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_CUTOFF);
    const sent = fakeApi(({ url }) =>
      url.endsWith('/api/occasions') ? Response.json({ error: 'Server error' }, { status: 500 }) : undefined,
    );
    renderRoute('/gallery');
    await expectNoPromoOnceListAsked(sent);
  });

  it('still offers the featured occasion after Christmas Day’s cut-off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-24T00:00:00Z'));
    occasionsListed([PARTY_NIGHTS]);
    renderRoute('/gallery');
    expect(await screen.findByRole('dialog', { name: 'Christmas party nights' })).toBeInTheDocument();
  });

  it.each(['/occasions/christmas-party-nights', '/occasions/organiser/abc', '/occasions/diners/abc'])(
    'stays closed on %s',
    async (path) => {
      occasionsListed([PARTY_NIGHTS]);
      renderRoute(path);
      await new Promise((settled) => setTimeout(settled, 100));
      expect(screen.queryByRole('dialog', { name: 'Christmas party nights' })).toBeNull();
    },
  );
});
