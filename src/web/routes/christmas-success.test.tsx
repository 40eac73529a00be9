import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../tests/helpers/render-route.tsx';

const CONFIRMED = {
  state: 'PAID_CONFIRMED',
  reference: 'XMAS-7K3P',
  confirmation: {
    reference: 'XMAS-7K3P',
    sittingId: 'xmas-late',
    sittingLabel: '2:30 – 4:30 PM',
    partyAdults: 2,
    partyChildren: 1,
    selections: {
      starters: [],
      mains: [{ item: 'roast-turkey', count: 3 }],
      desserts: [{ item: 'cheese-board', count: 1 }],
    },
    depositPaidPence: 7500,
    totalPence: 25_000,
    balanceDuePence: 17_500,
    email: 'edith@example.com',
  },
};

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body, { status })),
  );
}

beforeEach(() => {
  // No confetti in jsdom: it has no canvas.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
});
afterEach(() => vi.unstubAllGlobals());

describe('/christmas/success', () => {
  it('without a pid, says the booking cannot be found', async () => {
    answer({});
    renderRoute('/christmas/success');
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t find your booking');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('shows the reference and the order once confirmed', async () => {
    answer(CONFIRMED);
    renderRoute('/christmas/success?pid=abcdefghijklmnopqrstuvwxyz012345');
    expect(await screen.findByText('XMAS-7K3P')).toBeInTheDocument();
    expect(screen.getByText('See you on Christmas Day!')).toBeInTheDocument();
    expect(screen.getByText('Friday 25 December 2026, 2:30 – 4:30 PM')).toBeInTheDocument();
    expect(screen.getByText('2 adults and 1 child')).toBeInTheDocument();
    expect(screen.getByText('Mains: 3 × Roast Norfolk turkey')).toBeInTheDocument();
    expect(screen.getByText('£75.00')).toBeInTheDocument();
    expect(screen.getByText('£175.00')).toBeInTheDocument();
    expect(screen.getByText('edith@example.com')).toBeInTheDocument();
  });

  it('says a cancelled reservation made no booking and any money taken will be refunded', async () => {
    answer({ state: 'CANCELLED' });
    renderRoute('/christmas/success?pid=abcdefghijklmnopqrstuvwxyz012345');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This booking wasn’t completed');
    expect(alert).toHaveTextContent('If any money was taken, it will be refunded to your card in full.');
  });

  it('says at once that an unknown reservation (404) cannot be found', async () => {
    answer({ error: 'We could not find that reservation.' }, 404);
    renderRoute('/christmas/success?pid=abcdefghijklmnopqrstuvwxyz012345');
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t find your booking');
  });

  it('says the booking system cannot be reached when the connection keeps failing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderRoute('/christmas/success?pid=abcdefghijklmnopqrstuvwxyz012345');
    // Three attempts a second apart before giving up.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'We couldn’t reach our booking system',
    );
  });
});
