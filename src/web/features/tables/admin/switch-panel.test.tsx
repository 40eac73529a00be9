import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TablesSwitch, TablesSwitchAnswer } from '#shared/tables/setup-schemas.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { restoreStubsAroundEachTest } from '#web/features/content/admin/editor-test-kit.ts';
import { stubContentApi } from '#web/features/content/admin/fake-content-api.ts';
import { SWITCH_PANEL_MESSAGES } from './switch-panel.tsx';

const UNPLACED = {
  reference: 'RC-CAT444',
  name: 'Cat Late',
  date: '2026-12-08',
  timeSlot: '19:00',
  guests: 4,
};

/** The tables editor on the fake content API, the switch answered by `answer`; answers the switches sent. */
function openWithSwitch(answer: (request: TablesSwitch) => TablesSwitchAnswer) {
  stubContentApi();
  const contentFetch = globalThis.fetch;
  const switches: TablesSwitch[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/admin/tables/switch') return contentFetch(input, init);
      const request = JSON.parse(String(init?.body)) as TablesSwitch;
      switches.push(request);
      return Response.json(answer(request));
    }),
  );
  const user = userEvent.setup();
  renderRoute('/admin/content/tables');
  return { user, switches };
}

describe('the switch to tables mode', () => {
  restoreStubsAroundEachTest();

  it('lists the bookings that would have no table, each a link to its day, and switches nothing', async () => {
    const { user, switches } = openWithSwitch(() => ({
      mode: 'tables',
      saved: false,
      bookings: 23,
      unplaced: [UNPLACED],
    }));
    await user.click(await screen.findByRole('button', { name: 'Switch to tables mode' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SWITCH_PANEL_MESSAGES.someDoNotFit(1, 23));
    expect(within(alert).getByRole('link')).toHaveAccessibleName(
      'Cat Late, 4 guests, 7pm Tuesday 8 December 2026 (RC-CAT444)',
    );
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/admin/bookings?date=2026-12-08');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(switches).toEqual([{ to: 'tables', dryRun: true }]);
  });

  it('asks once every booking fits, switches, then goes back to covers after asking again', async () => {
    const { user, switches } = openWithSwitch((request) => ({
      mode: request.to,
      saved: !request.dryRun,
      bookings: request.to === 'tables' ? 23 : 0,
      unplaced: [],
    }));
    await user.click(await screen.findByRole('button', { name: 'Switch to tables mode' }));

    const question = await screen.findByRole('dialog', { name: 'Switch to tables mode?' });
    expect(question).toHaveTextContent(SWITCH_PANEL_MESSAGES.allFit(23));
    expect(question).toHaveTextContent('All 23 future bookings have a table.');
    await user.click(within(question).getByRole('button', { name: 'Switch to tables mode' }));
    expect(await screen.findByText(SWITCH_PANEL_MESSAGES.toTables)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go back to covers' }));
    const back = await screen.findByRole('dialog', { name: 'Go back to covers?' });
    await user.click(within(back).getByRole('button', { name: 'Go back to covers' }));
    expect(await screen.findByText(SWITCH_PANEL_MESSAGES.toCovers)).toBeInTheDocument();
    expect(switches).toEqual([
      { to: 'tables', dryRun: true },
      { to: 'tables', dryRun: false },
      { to: 'covers', dryRun: false },
    ]);
  });
});
