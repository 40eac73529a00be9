import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UNSUBSCRIBE_MESSAGES } from '#shared/privacy/unsubscribe.ts';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';

const TOKEN = 'k'.repeat(43);

function stubUnsubscribe(answer: () => Response) {
  const sent: { url: string; method?: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return url === '/api/marketing/unsubscribe' ? answer() : Response.json([]);
    }),
  );
  return sent;
}

describe('the privacy pages', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
  });

  it('shows the privacy notice, its sections and how to ask, reached from the footer', async () => {
    stubUnsubscribe(() => Response.json({}));
    const user = userEvent.setup();
    const view = renderRoute('/');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    await user.click(within(footer).getByRole('link', { name: 'Privacy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    expect(view.location().pathname).toBe('/privacy');
    for (const section of seedContent.privacy.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
    }
    const ask = screen.getByRole('region', { name: 'To ask about your data' });
    expect(within(ask).getByRole('link', { name: seedContent.venue.email })).toHaveAttribute(
      'href',
      `mailto:${seedContent.venue.email}`,
    );
  });

  it('unsubscribes only when the guest presses the button', async () => {
    const sent = stubUnsubscribe(() => Response.json({ unsubscribed: true }));
    const user = userEvent.setup();
    renderRoute(`/unsubscribe/${TOKEN}`);
    const button = await screen.findByRole('button', { name: UNSUBSCRIBE_MESSAGES.button });
    expect(sent.filter((request) => request.url === '/api/marketing/unsubscribe')).toEqual([]);
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(UNSUBSCRIBE_MESSAGES.done);
    expect(sent.filter((request) => request.url === '/api/marketing/unsubscribe')).toEqual([
      { url: '/api/marketing/unsubscribe', method: 'POST', body: { token: TOKEN } },
    ]);
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_MESSAGES.button })).toBeNull();
  });

  it('says so when the link is not valid, and lets the guest try again', async () => {
    stubUnsubscribe(() => Response.json({ error: UNSUBSCRIBE_MESSAGES.invalidLink }, { status: 404 }));
    const user = userEvent.setup();
    renderRoute(`/unsubscribe/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: UNSUBSCRIBE_MESSAGES.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_MESSAGES.invalidLink);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: UNSUBSCRIBE_MESSAGES.button })).toBeEnabled(),
    );
  });

  it('still answers an unknown path as not found', async () => {
    stubUnsubscribe(() => Response.json({}));
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
