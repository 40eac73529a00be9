import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceLabel } from '#shared/booking/rules.ts';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { StaffStandbyDay, StaffStandbyEntry } from '#shared/standby/api.ts';
import { addDays, londonInstant, londonToday } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

const TODAY = londonToday();
const at = (time: string) => londonInstant(TODAY, time).toISOString();

function entry(overrides: Partial<StaffStandbyEntry>): StaffStandbyEntry {
  return {
    id: 's1',
    reference: 'SB-SMITH4',
    date: TODAY,
    service: 'dinner',
    windowStart: '19:00',
    windowEnd: '20:30',
    partyAdults: 4,
    partyChildren: 0,
    partySize: 4,
    name: 'Smith',
    email: 'smith@example.com',
    phone: '07700 900111',
    status: 'WAITING',
    source: 'online',
    changedBy: null,
    bookingReference: null,
    joinedAt: at('12:05'),
    offers: [
      {
        id: 'o1',
        timeSlot: '19:00',
        state: 'EXPIRED',
        expiresAt: at('16:30'),
        offeredBy: null,
        createdAt: at('16:00'),
      },
    ],
    ...overrides,
  };
}

const SMITH = entry({});
const KHAN = entry({
  id: 's2',
  name: 'Khan',
  partyAdults: 2,
  partySize: 2,
  source: 'staff',
  status: 'BOOKED',
  bookingReference: 'RC-KHAN22',
  offers: [],
});

/** 7pm has two covers left, 7:30pm twelve. */
const SLOTS: AvailabilitySlot[] = [
  { service: 'dinner', time: '18:30', closed: false, remaining: 10 },
  { service: 'dinner', time: '19:00', closed: false, remaining: 2 },
  { service: 'dinner', time: '19:30', closed: false, remaining: 12 },
];

type Step = 'offer' | 'book' | 'remove';

/** The standby server, keeping the day's lists; `answers` replace a step's answers, one call after another. */
function stubStandby(answers: Partial<Record<Step, ((body: Record<string, unknown>) => Response)[]>> = {}) {
  const day: StaffStandbyDay = {
    date: TODAY,
    services: [
      { service: 'lunch', capGuests: 0, waitingGuests: 0, entries: [] },
      { service: 'dinner', capGuests: 40, waitingGuests: 12, entries: [SMITH, KHAN] },
    ],
  };
  const change = (id: string, changed: (listed: StaffStandbyEntry) => StaffStandbyEntry) => {
    const dinner = day.services[1] as StaffStandbyDay['services'][number];
    const found = dinner.entries.find((listed) => listed.id === id) as StaffStandbyEntry;
    const next = changed(found);
    dinner.entries = dinner.entries.map((listed) => (listed.id === id ? next : listed));
    return Response.json(next, { status: 201 });
  };
  return stubStaffApi(({ method, path, query, body = {} }) => {
    if (path === '/api/admin/standby') return Response.json({ ...day, date: query.get('date') });
    if (path === '/api/admin/availability') return Response.json(SLOTS);
    const step = /^\/api\/admin\/standby\/(\w+)\/(offer|book|remove)$/.exec(path);
    if (!step || method !== 'POST') return undefined;
    const [, id = '', kind = ''] = step;
    const answer = answers[kind as Step]?.shift();
    if (answer) return answer(body);
    if (kind === 'offer') {
      return change(id, (listed) => ({
        ...listed,
        offers: [
          ...listed.offers,
          {
            id: 'o2',
            timeSlot: String(body.timeSlot),
            state: 'OPEN',
            expiresAt: at('17:30'),
            offeredBy: 'Sam',
            createdAt: at('17:00'),
          },
        ],
      }));
    }
    if (kind === 'book') {
      return change(id, (listed) => ({ ...listed, status: 'BOOKED', bookingReference: 'RC-SMITH4' }));
    }
    return change(id, (listed) => ({ ...listed, status: 'REMOVED' }));
  });
}

const dinnerList = () => screen.findByRole('region', { name: 'Dinner' });
const smithCard = async () => within(await dinnerList()).findByRole('listitem', { name: /Smith/ });

async function ask(step: RegExp) {
  const user = userEvent.setup();
  await user.click(within(await smithCard()).getByRole('button', { name: step }));
  return { user, dialog: screen.getByRole('dialog') };
}

describe('the standby list', () => {
  undoStubsAfterEach();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(londonInstant(TODAY, '17:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows each service’s list in join order with its cap, the windows, contacts and offers', async () => {
    const api = stubStandby();
    renderRoute('/admin/standby');
    const dinner = await dinnerList();
    expect(dinner).toHaveTextContent('12 of 40 guests waiting');
    const rows = within(within(dinner).getByRole('list', { name: 'Dinner standby list' })).getAllByRole(
      'listitem',
      { name: /Smith|Khan/ },
    );
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['1. Smith', '2. Khan']);
    expect(rows[0]).toHaveTextContent('4 guests, 7pm–8:30pm');
    expect(rows[0]).toHaveTextContent('07700 900111 · smith@example.com · joined 12:05pm');
    expect(within(rows[0] as HTMLElement).getByRole('list', { name: 'Offers to Smith' })).toHaveTextContent(
      '7pm: Offer expired',
    );
    expect(rows[1]).toHaveTextContent('Booked · RC-KHAN22');
    expect(rows[1]).toHaveTextContent('taken by phone');
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(screen.getByRole('region', { name: serviceLabel('lunch', TODAY) })).toHaveTextContent(
      'The standby list is off for this service.',
    );
    expect(api.urlsFrom('/api/admin/standby')).toEqual([`/api/admin/standby?date=${TODAY}`]);
  });

  it('follows the day chosen', async () => {
    const user = userEvent.setup();
    const api = stubStandby();
    const view = renderRoute('/admin/standby');
    await dinnerList();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(view.location().search).toBe(`?date=${addDays(TODAY, 1)}`));
    await waitFor(() =>
      expect(api.urlsFrom('/api/admin/standby')).toContain(`/api/admin/standby?date=${addDays(TODAY, 1)}`),
    );
  });

  it('offers the window’s first time with room, and shows the offer', async () => {
    const api = stubStandby();
    renderRoute('/admin/standby');
    const { user, dialog } = await ask(/^Offer a time to Smith/);
    // 7pm has two covers left for four: 7:30pm is chosen.
    const time = within(dialog).getByRole('combobox', { name: /^Time/ });
    await waitFor(() => expect(time).toHaveValue('19:30'));
    await user.click(within(dialog).getByRole('button', { name: 'Offer this time' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Offered 7:30pm to Smith: we e-mailed them a link to claim it.',
    );
    expect(await smithCard()).toHaveTextContent('7:30pm: Offered, until 5:30pm');
    expect(api.sent.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/standby/s1/offer', body: { timeSlot: '19:30' } },
    ]);
  });

  it('books at the time chosen, and asks "Book anyway" only once the server says the covers are short', async () => {
    const refusal = 'Only 2 covers left at 7pm.';
    const api = stubStandby({ book: [() => Response.json({ error: refusal }, { status: 409 })] });
    renderRoute('/admin/standby');
    const { user, dialog } = await ask(/^Book Smith/);
    const time = within(dialog).getByRole('combobox', { name: /^Time/ });
    await waitFor(() => expect(time).toHaveValue('19:30'));
    await user.selectOptions(time, '19:00');
    expect(within(dialog).queryByRole('checkbox', { name: 'Book anyway' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Book this time' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Book anyway' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Smith booked for 7pm (RC-SMITH4).');
    expect(api.bodiesOf('POST')).toEqual([
      { timeSlot: '19:00', overCapacity: false },
      { timeSlot: '19:00', overCapacity: true },
    ]);
    expect(await smithCard()).toHaveTextContent('Booked · RC-SMITH4');
  });

  it('asks how to take a deposit when a rule matches the booking, and sends the guest a link to pay', async () => {
    const asked = DEPOSIT_MESSAGES.waiverNeeded;
    const api = stubStandby({
      book: [
        () => Response.json({ error: asked, issues: [{ path: 'deposit', message: asked }] }, { status: 400 }),
      ],
    });
    renderRoute('/admin/standby');
    const { user, dialog } = await ask(/^Book Smith/);
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Time/ })).toHaveValue('19:30'));
    await user.click(within(dialog).getByRole('button', { name: 'Book this time' }));
    const deposit = await within(dialog).findByRole('group', { name: /deposit/i });
    expect(deposit).toHaveAccessibleDescription(asked);
    await user.click(within(deposit).getByRole('radio', { name: /E-mail the guest a link to pay/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Smith booked for 7:30pm (RC-SMITH4). A link to pay is on its way to smith@example.com.',
    );
    expect(api.bodiesOf('POST')).toEqual([
      { timeSlot: '19:30', overCapacity: false },
      { timeSlot: '19:30', overCapacity: false, deposit: { choice: 'request' } },
    ]);
  });

  it('removes an entry only when confirmed', async () => {
    const api = stubStandby();
    renderRoute('/admin/standby');
    const { user, dialog } = await ask(/^Remove Smith/);
    expect(dialog).toHaveAccessibleName('Remove Smith from the standby list?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Smith taken off the standby list.');
    expect(api.urlsFrom('/api/admin/standby/')).toEqual(['/api/admin/standby/s1/remove']);
    expect(within(await smithCard()).queryByRole('button')).toBeNull();
  });

  it('has no axe violations in the lists and the offer question', async () => {
    stubStandby();
    const view = renderRoute('/admin/standby');
    await smithCard();
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
    const { dialog } = await ask(/^Offer a time to Smith/);
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Time/ })).toHaveValue('19:30'));
    expect((await axe.run(dialog, { rules })).violations).toEqual([]);
  });
});
