import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { fakeApi } from './fake-api.ts';

const CONFIRMED = {
  state: 'PAID_CONFIRMED',
  reference: 'XMAS-7K3P',
  confirmation: {
    reference: 'XMAS-7K3P',
    sittingId: 'xmas-late',
    sittingLabel: '2:30pm–4:30pm',
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
  fakeApi(() => Response.json(body, { status }));
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
    expect(screen.getByText('Friday 25 December 2026, 2:30pm–4:30pm')).toBeInTheDocument();
    expect(screen.getByText('2 adults and 1 child')).toBeInTheDocument();
    expect(screen.getByText('Mains: 3 × Roast Norfolk turkey')).toBeInTheDocument();
    expect(screen.getByText('£75.00')).toBeInTheDocument();
    expect(screen.getByText('£175.00')).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'STRONG' && element.textContent === 'edith@example.com',
      ),
    ).toBeInTheDocument();
  });

  it('lets a long e-mail address wrap before its “@” and dots, never mid-word', async () => {
    answer({
      ...CONFIRMED,
      confirmation: { ...CONFIRMED.confirmation, email: 'margaret.hale-wentworth@village.example.co.uk' },
    });
    renderRoute('/christmas/success?pid=abcdefghijklmnopqrstuvwxyz012345');
    const address = await screen.findByText(
      (_, element) => element?.tagName === 'STRONG' && element.textContent?.includes('@') === true,
    );
    expect(address).toHaveTextContent('margaret.hale-wentworth@village.example.co.uk');
    expect(address).not.toHaveClass('break-all');
    const breaks = [...address.querySelectorAll('wbr')].map((wbr) => wbr.nextSibling?.textContent?.[0]);
    expect(breaks).toEqual(['.', '@', '.', '.', '.']);
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

  it('says at once that a malformed link (400) finds no booking, without retrying', async () => {
    answer({ error: 'pid: Unknown reservation.' }, 400);
    renderRoute('/christmas/success?pid=bogus');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t find your booking');
    expect(alert).not.toHaveTextContent('check your connection');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps trying while the server is busy (503) or asks it to slow down (429)', async () => {
    let calls = 0;
    fakeApi(() => {
      calls++;
      if (calls === 1) return Response.json({ error: 'Too many requests' }, { status: 429 });
      if (calls === 2) return Response.json({ error: 'Unavailable' }, { status: 503 });
      return Response.json(CONFIRMED);
    });
    renderRoute('/christmas/success?pid=abcdefghijklmnopqrstuvwxyz012345');
    expect(await screen.findByText('XMAS-7K3P', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(calls).toBe(3);
  });

  it('says the booking system cannot be reached when the connection keeps failing', async () => {
    fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRoute('/christmas/success?pid=abcdefghijklmnopqrstuvwxyz012345');
    // Three attempts a second apart before giving up.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'We couldn’t reach our booking system',
    );
  });
});
