import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { PARTY_NIGHTS_SUMMARY, SUPPER_CLUB_SUMMARY } from '#tests/helpers/occasion-summaries.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { fakeApi } from './fake-api.ts';

const PARTY_NIGHTS = PARTY_NIGHTS_SUMMARY;
const SUPPER_CLUB = { ...SUPPER_CLUB_SUMMARY, featured: true };

const EVENT: PublicEvent = {
  _id: 'e1',
  tags: [],
  isMajor: false,
  bookingCovers: 20,
  howToCome: '',
  slug: 'quiz-night',
  title: 'Quiz night',
  date: '2026-12-02',
  time: '20:00',
  summary: 'Teams of up to six.',
  badges: [],
  cover: '',
  cta: { label: '' },
  takesBookings: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('What’s On’s occasions', () => {
  it('lists the published occasions as cards, the featured one first, each linking to its page', async () => {
    fakeApi(({ url }) => {
      if (url === '/api/occasions') return Response.json([PARTY_NIGHTS, SUPPER_CLUB]);
      if (url.startsWith('/api/events/upcoming')) return Response.json([EVENT]);
      return undefined;
    });
    renderRoute('/events');
    const section = await screen.findByRole('region', { name: 'Set menus & special occasions' });
    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Winter supper club',
      'Christmas party nights',
    ]);
    const [supper, party] = cards as [HTMLElement, HTMLElement];
    expect(supper).toHaveTextContent('from £45 a ticket');
    expect(supper).toHaveTextContent('Friday 22 January 2027');
    expect(
      within(supper).getByRole('link', { name: 'Dates and tickets: Winter supper club' }),
    ).toHaveAttribute('href', '/occasions/winter-supper-club');
    expect(party).toHaveTextContent('from £38 a head');
    expect(party).toHaveTextContent('Friday 4 December 2026 to Saturday 19 December 2026');
    expect(
      within(party).getByRole('link', { name: 'Dates, menu and booking: Christmas party nights' }),
    ).toHaveAttribute('href', '/occasions/christmas-party-nights');
    expect(await screen.findByRole('heading', { name: 'Quiz night' })).toBeInTheDocument();
  });

  it('shows the events alone when the occasions cannot be fetched', async () => {
    fakeApi(({ url }) => {
      if (url === '/api/occasions') return Response.json({ error: 'Something went wrong.' }, { status: 500 });
      if (url.startsWith('/api/events/upcoming')) return Response.json([EVENT]);
      return undefined;
    });
    renderRoute('/events');
    expect(await screen.findByRole('heading', { name: 'Quiz night' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Set menus & special occasions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
