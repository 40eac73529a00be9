import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { fakeApi } from './fake-api.ts';

beforeEach(() => {
  sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
  fakeApi();
});

/** The year of the timeline entry whose title names `event`. */
function timelineYear(event: RegExp): number {
  const entry = screen
    .getAllByRole('listitem')
    .find(
      (item) =>
        within(item).queryByText(event) !== null && /^\d{4}$/.test(item.textContent?.slice(0, 4) ?? ''),
    );
  if (!entry) throw new Error(`No timeline entry for ${event}`);
  return Number(entry.textContent?.slice(0, 4));
}

describe('the about page’s dates', () => {
  it('tells the listing and the rebuilding in the story as the timeline dates them', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'Seven centuries on Church Lane' });
    const listed = timelineYear(/Listed Grade II/);
    const rebuilt = timelineYear(/Rebuilt in brick/);

    const story = screen.getByText(/Grade II listing/);
    expect(story).toHaveTextContent(String(rebuilt));
    expect(story).toHaveTextContent(String(listed));
    // "A century later" would put the listing in the 1950s.
    expect(story).not.toHaveTextContent(/century later/);
  });
});
