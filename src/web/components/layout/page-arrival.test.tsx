import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { SIGNED_IN_OWNER } from '#tests/helpers/signed-in-staff.ts';
import { FEATURED_CHRISTMAS_DAY } from '#web/features/promo/promo-test-kit.ts';

/** The polite live region that names each new page. */
function announcer(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[aria-live="polite"].sr-only');
  if (!region) throw new Error('No page announcer');
  return region;
}

beforeEach(() => {
  sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
  Element.prototype.scrollIntoView = () => {};
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('arriving on a public page', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
  });

  it('leaves focus alone on the page the visit starts on', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'Seven centuries on Church Lane' });
    // The announcer's code loads after the page (lazily): once it is in, it has still moved nothing.
    const region = await waitFor(announcer);
    expect(document.body).toHaveFocus();
    expect(region).toBeEmptyDOMElement();
  });

  it('moves focus from the link to the new page’s heading and announces its title', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'About' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Seven centuries on Church Lane' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(announcer()).toHaveTextContent('Our Story · The Rose & Crown'));
    expect(document.title).toBe('Our Story · The Rose & Crown');

    await user.click(within(nav).getByRole('link', { name: 'Menu' }));
    const menu = await screen.findByRole('heading', { level: 1, name: 'Our Menu' });
    await waitFor(() => expect(menu).toHaveFocus());
    await waitFor(() => expect(announcer()).toHaveTextContent('Food Menu · The Rose & Crown'));
  });

  it('takes focus to the new page from the phone menu, not back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Gallery' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Gallery' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves focus in the Christmas promo when it opens before the new page has arrived', async () => {
    sessionStorage.clear();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).startsWith('/api/events/')) {
          await held;
          return Response.json({ error: 'Event not found' }, { status: 404 });
        }
        return Response.json(String(input).endsWith('/api/occasions') ? [FEATURED_CHRISTMAS_DAY] : []);
      }),
    );
    const { navigate } = renderRoute('/christmas');
    await screen.findByRole('heading', { level: 1, name: 'Christmas Day' });
    await navigate('/events/no-such-night');
    const promo = await screen.findByRole('dialog', { name: 'Christmas Day at the pub' });
    expect(promo.contains(document.activeElement)).toBe(true);

    release();
    await screen.findByRole('heading', { level: 1, name: 'Event not found' });
    await waitFor(() => expect(announcer()).toHaveTextContent('Event not found'));
    expect(promo.contains(document.activeElement)).toBe(true);
  });

  it('does not move focus when a link only changes the hash within the page', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/menu');
    await screen.findByRole('tablist', { name: 'Menus' });
    const deals = screen.getByRole('region', { name: 'Deals' });
    const link = within(deals).getByRole('link', { name: 'See the lunch menu' });
    await user.click(link);
    expect(location().hash).toBe('#lunch');
    expect(link).toHaveFocus();
    expect(announcer()).toBeEmptyDOMElement();
  });
});

describe('arriving on a staff page', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input).split('?')[0];
        if (path === '/api/auth/me') return Response.json(SIGNED_IN_OWNER);
        return Response.json([]);
      }),
    );
  });

  it('moves focus to the heading of each admin page reached from the nav, and announces it', async () => {
    const user = userEvent.setup();
    renderRoute('/admin/events');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    await screen.findByRole('heading', { level: 1, name: 'Events' });
    expect(document.body).toHaveFocus();

    await user.click(within(nav).getByRole('link', { name: 'E-mails' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'E-mails' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(announcer()).toHaveTextContent('E-mails · Staff · The Rose & Crown'));
  });
});
