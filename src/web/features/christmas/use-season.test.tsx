import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { christmasDayOf } from '#shared/christmas/occasion.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import { seedSeason } from '#tests/helpers/seed-content.ts';
import { fakeApi } from '#web/routes/fake-api.ts';
import { renderPage } from '#web/routes/render-page.tsx';
import { forgetChristmasSeason } from './use-season.ts';

/** A Christmas Day unlike the seed's, so what a page shows of it can only have come from it. */
const LATER_SEASON: ChristmasSeason = {
  ...seedSeason,
  year: 2031,
  date: '2031-12-25',
  onlineCutoff: '2031-12-23T23:59',
  prices: { ...seedSeason.prices, adult: 120 },
  menu: {
    ...seedSeason.menu,
    mains: seedSeason.menu.mains.map((dish, index) =>
      index === 0 ? { ...dish, name: 'Roast goose' } : dish,
    ),
  },
};

/** The API, answering `GET /api/christmas/season` with `LATER_SEASON`; the requests it was sent. */
function seasonServed() {
  return fakeApi(({ url }) => (url === '/api/christmas/season' ? Response.json(LATER_SEASON) : undefined));
}

const seasonAsked = (sent: readonly { url: string }[]) =>
  sent.filter(({ url }) => url === '/api/christmas/season').length;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Christmas Day on the pages', () => {
  it('is the page data’s: the home page shows it and asks the API nothing for it', async () => {
    const sent = seasonServed();
    renderPage('/', { [pageDataKey.christmasDay]: christmasDayOf(LATER_SEASON) });
    expect(await screen.findByText('Christmas Day 2031')).toBeInTheDocument();
    expect(screen.getByText(/£120 for adults/)).toBeInTheDocument();
    expect(seasonAsked(sent)).toBe(0);
  });

  it('is fetched when the page came without it', async () => {
    forgetChristmasSeason();
    const sent = seasonServed();
    renderPage('/', { [pageDataKey.christmasDay]: undefined });
    expect(await screen.findByText('Christmas Day 2031')).toBeInTheDocument();
    expect(seasonAsked(sent)).toBe(1);
  });

  it('comes with its menu on /christmas, fetched when not in the page data, then shown at once for the visit', async () => {
    forgetChristmasSeason();
    const sent = seasonServed();
    const first = renderPage('/christmas', { [pageDataKey.christmasSeason]: undefined });
    expect(await screen.findByRole('button', { name: 'One more Roast goose' })).toBeInTheDocument();
    expect(seasonAsked(sent)).toBe(1);
    first.unmount();

    renderPage('/christmas', { [pageDataKey.christmasSeason]: undefined });
    await screen.findByRole('heading', { level: 1, name: 'Christmas Day' });
    expect(screen.getByRole('button', { name: 'One more Roast goose' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the menu…')).not.toBeInTheDocument();
    expect(seasonAsked(sent)).toBe(1);
  });
});
