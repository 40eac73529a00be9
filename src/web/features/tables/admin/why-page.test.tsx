import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import type { WhyAnswer } from '#shared/tables/setup-schemas.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { WHY_MESSAGES } from './why-page.tsx';

const TUESDAY = '2026-12-08';

const SLOTS: AvailabilitySlot[] = ['18:00', '19:00', '19:30'].map((time) => ({
  service: 'dinner',
  time,
  closed: false,
  remaining: 10,
}));

const REFUSED: WhyAnswer = {
  date: TUESDAY,
  time: '19:00',
  party: 6,
  mode: 'tables',
  bookable: false,
  verdicts: [
    { rule: 'day', title: 'Open that day', ok: true, text: 'The pub is open on Tuesday 8 December 2026.' },
    {
      rule: 'pacing',
      title: 'Pacing',
      ok: false,
      text: 'Pacing full at 7pm: 38 of 40 covers start then.',
    },
    {
      rule: 'tables',
      title: 'A table for the party',
      ok: false,
      text: 'No table or join for 6 is free from 7pm to 9pm.',
      places: [
        { name: 'Table 1', reason: 'Too small: seats 2 at most' },
        { name: 'Table 5', reason: 'Taken from 7pm by Smith' },
      ],
    },
  ],
};

function stubServer() {
  return stubStaffApi(({ path }) => {
    if (path === '/api/admin/availability') return Response.json(SLOTS);
    if (path === '/api/admin/tables/why') return Response.json(REFUSED);
    return undefined;
  });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, party: string) {
  const date = await screen.findByLabelText(/^Date/);
  await user.clear(date);
  await user.type(date, TUESDAY);
  const time = screen.getByLabelText(/^Time/);
  await within(time).findByRole('option', { name: '7pm' });
  await user.selectOptions(time, '7pm');
  const guests = screen.getByLabelText(/^Guests/);
  await user.clear(guests);
  if (party) await user.type(guests, party);
}

describe('the “why can’t this be booked?” screen', () => {
  undoStubsAfterEach();

  it('asks with the day’s times and shows each rule with its mark, sentence and tables', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderRoute('/admin/tables/why');
    await fillIn(user, '6');
    await user.selectOptions(screen.getByLabelText(/^Booked by/), 'Staff (phone, e-mail)');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A party of 6 at 7pm on Tuesday 8 December 2026 cannot be booked. Refused by 2 rules: Pacing, A table for the party.',
    );
    expect(api.urlsFrom('/api/admin/tables/why')).toEqual([
      `/api/admin/tables/why?date=${TUESDAY}&time=19%3A00&party=6&channel=staff`,
    ]);
    const list = screen.getByRole('list', { name: 'Rules' });
    const rules = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(rules.map((rule) => rule.textContent)).toEqual([
      '✓ PassesOpen that dayThe pub is open on Tuesday 8 December 2026.',
      '✗ RefusesPacingPacing full at 7pm: 38 of 40 covers start then.',
      expect.stringContaining('No table or join for 6 is free from 7pm to 9pm.'),
    ]);
    const tables = screen.getByRole('list', { name: 'A table for the party: each table' });
    expect(
      within(tables)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Table 1: Too small: seats 2 at most', 'Table 5: Taken from 7pm by Smith']);
    expect(
      screen.getByRole('link', { name: 'Print the table cards for Tuesday 8 December 2026' }),
    ).toHaveAttribute('href', `/api/admin/tables/cards?date=${TUESDAY}`);
  });

  it('says what to fix before asking, and asks nothing', async () => {
    const api = stubServer();
    const user = userEvent.setup();
    renderRoute('/admin/tables/why');
    await fillIn(user, '');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(WHY_MESSAGES.party)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Guests/)).toHaveFocus();
    expect(api.urlsFrom('/api/admin/tables/why')).toEqual([]);
  });
});
