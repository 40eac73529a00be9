import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';

/** The shell with the Christmas promo already answered, so the drawer can be tested on its own. */
function renderWithoutPromo(path: string) {
  sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
  return renderRoute(path);
}

describe('site shell', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200 })),
    );
  });

  it('has the header links and the Book button', async () => {
    renderWithoutPromo('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Events', 'Menu', 'Gallery', 'About', 'Contact']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Book' })).toHaveAttribute('href', '/bookings');
  });

  it('shows the footer with address, phone, e-mail and the same hours as the venue file', async () => {
    renderWithoutPromo('/');
    const footer = await screen.findByRole('contentinfo');
    // Rendered by the browser, the footer's contents are fetched on their own (a page from the server keeps its own).
    expect(await within(footer).findByText('1 Church Lane')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '0118 496 0000' })).toHaveAttribute(
      'href',
      'tel:+441184960000',
    );
    expect(within(footer).getByRole('link', { name: 'hello@roseandcrown.example' })).toBeInTheDocument();
    expect(within(footer).getByText('Mon–Thu')).toBeInTheDocument();
    expect(within(footer).getByText('12pm–Midnight')).toBeInTheDocument();
  });

  describe('mobile drawer', () => {
    it('opens with the food group, locks scroll and closes on Escape, returning focus', async () => {
      const user = userEvent.setup();
      renderWithoutPromo('/');
      const opener = await screen.findByRole('button', { name: 'Open menu' });
      await user.click(opener);
      const drawer = await screen.findByRole('dialog');
      expect(document.documentElement.style.overflow).toBe('hidden');
      for (const name of [
        'Menu',
        'Sunday Roasts',
        '£12 Lunch',
        'Gallery',
        'About',
        'Book a Table',
        'Christmas Day',
        'Contact Us',
      ]) {
        expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
      }
      expect(within(drawer).getByRole('link', { name: 'Sunday Roasts' })).toHaveAttribute(
        'href',
        '/menu#sunday',
      );
      expect(within(drawer).getByRole('link', { name: 'Christmas Day' })).toHaveAttribute(
        'href',
        '/christmas',
      );
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.documentElement.style.overflow).toBe('');
      expect(opener).toHaveFocus();
    });

    it('collapses and expands the food group', async () => {
      const user = userEvent.setup();
      renderWithoutPromo('/');
      await user.click(await screen.findByRole('button', { name: 'Open menu' }));
      const food = await screen.findByRole('button', { name: 'Food' });
      expect(food).toHaveAttribute('aria-expanded', 'true');
      await user.click(food);
      expect(food).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('link', { name: 'Sunday Roasts' })).toBeNull();
      await user.click(food);
      expect(screen.getByRole('link', { name: 'Sunday Roasts' })).toBeInTheDocument();
    });

    it('closes on an overlay click', async () => {
      const user = userEvent.setup();
      renderWithoutPromo('/');
      await user.click(await screen.findByRole('button', { name: 'Open menu' }));
      await user.click(await screen.findByTestId('dialog-overlay'));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('closes on a route change', async () => {
      const user = userEvent.setup();
      const { location } = renderWithoutPromo('/');
      await user.click(await screen.findByRole('button', { name: 'Open menu' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'About' }));
      await screen.findByRole('heading', { level: 1, name: 'Seven centuries on Church Lane' });
      expect(location().pathname).toBe('/about');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('traps Tab inside while open', async () => {
      const user = userEvent.setup();
      renderWithoutPromo('/');
      await user.click(await screen.findByRole('button', { name: 'Open menu' }));
      const drawer = await screen.findByRole('dialog');
      for (let press = 0; press < 15; press++) {
        await user.tab();
        expect(drawer.contains(document.activeElement)).toBe(true);
      }
      await user.tab({ shift: true });
      expect(drawer.contains(document.activeElement)).toBe(true);
    });
  });

  it('shows ‘Page not found’ for an unknown path', async () => {
    renderWithoutPromo('/this/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
