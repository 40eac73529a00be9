import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';

async function findPromo() {
  return screen.findByRole('dialog', { name: 'Christmas Day at the pub' });
}

describe('Christmas promo modal', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200 })),
    );
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
