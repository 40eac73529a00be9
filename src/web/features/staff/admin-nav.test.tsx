import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { signedInAs } from '#tests/helpers/signed-in-staff.ts';

function stubServer(role: StaffRole) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input).split('?')[0];
      if (path === '/api/auth/me') return Response.json(signedInAs(role));
      return Response.json([]);
    }),
  );
}

/** The bookings screen on a phone, signed in as `role`: its Menu button, not yet pressed. */
async function menuButtonAs(role: StaffRole) {
  const user = userEvent.setup();
  stubServer(role);
  renderRoute('/admin/bookings');
  return { user, button: await screen.findByRole('button', { name: 'Menu' }) };
}

/** The list the Menu button opens on a phone. */
function menuOf(button: HTMLElement): HTMLElement {
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!menu) throw new Error('The Menu button controls nothing');
  return menu;
}

/** The screens the menu lists, by name. */
function linksIn(menu: HTMLElement): string[] {
  return within(within(menu).getByRole('navigation', { name: 'Admin' }))
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

beforeEach(() => {
  sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
});

afterEach(() => vi.unstubAllGlobals());

describe('the staff menu on a phone', () => {
  it('shows the current screen closed, and opens on the screens the role may use, Account and Logout', async () => {
    const { user, button } = await menuButtonAs('staff');
    const menu = menuOf(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Closed, the phone shows the current screen only (the wide row shows them all: lg:block).
    const items = within(menu).getAllByRole('listitem');
    expect(items.map((item) => item.classList.contains('hidden'))).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(within(menu).getByRole('link', { name: 'Account' })).toHaveClass('hidden', 'lg:inline-flex');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(linksIn(menu)).toEqual([
      'Bookings',
      'Floor',
      'Queue',
      'Standby',
      'Vouchers',
      'Christmas',
      'Occasions',
    ]);
    expect(
      within(menu)
        .getAllByRole('listitem')
        .some((item) => item.classList.contains('hidden')),
    ).toBe(false);
    expect(within(menu).getByRole('link', { name: 'Account' })).not.toHaveClass('hidden');
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('lists every screen for the owner', async () => {
    const { user, button } = await menuButtonAs('owner');
    await user.click(button);
    expect(linksIn(menuOf(button))).toEqual([
      'Bookings',
      'Floor',
      'Queue',
      'Standby',
      'Vouchers',
      'Christmas',
      'Occasions',
      'Events',
      'Enquiries',
      'Site content',
      'E-mails',
      'Reports',
      'Staff',
      'Guest data',
      'Activity',
    ]);
  });

  it('closes on a move to another screen, whose heading takes focus', async () => {
    const { user, button } = await menuButtonAs('owner');
    await user.click(button);
    await user.click(within(menuOf(button)).getByRole('link', { name: 'Events' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Events' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape, handing focus back to the Menu button', async () => {
    const { user, button } = await menuButtonAs('owner');
    await user.click(button);
    within(menuOf(button)).getByRole('link', { name: 'Staff' }).focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});

describe('the heading a move between screens focuses', () => {
  /** admin.css: the heading's ring is taken away unless the keyboard was the last thing used. */
  const adminCss = readFileSync(join(import.meta.dirname, '../../admin.css'), 'utf8');

  it('shows the focus ring only after the keyboard', async () => {
    const user = userEvent.setup();
    stubServer('owner');
    renderRoute('/admin/events');
    expect(adminCss).toMatch(
      /:not\(\[data-last-input="keyboard"\]\) > #admin-main h1\[tabindex="-1"\]:focus \{\s*outline: none;/,
    );
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const main = screen.getByRole('main');
    const layout = main.parentElement as HTMLElement;
    expect(main).toHaveAttribute('id', 'admin-main');

    await user.click(within(nav).getByRole('link', { name: 'E-mails' }));
    const mail = await screen.findByRole('heading', { level: 1, name: 'E-mails' });
    await waitFor(() => expect(mail).toHaveFocus());
    expect(mail).toHaveAttribute('tabindex', '-1');
    expect(layout).toHaveAttribute('data-last-input', 'pointer');

    within(nav).getByRole('link', { name: 'Staff' }).focus();
    await user.keyboard('{Enter}');
    const staff = await screen.findByRole('heading', { level: 1, name: 'Staff' });
    await waitFor(() => expect(staff).toHaveFocus());
    expect(layout).toHaveAttribute('data-last-input', 'keyboard');
  });
});
