import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueDay, QueueParty } from '#shared/queue/api.ts';
import { QUEUE_MESSAGES } from '#shared/queue/messages.ts';
import { londonInstant, londonToday } from '#shared/time/london-time.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { QUEUE_REFRESH_MS } from './queue-page.tsx';

const TODAY = londonToday();
const at = (time: string) => londonInstant(TODAY, time).toISOString();

function party(overrides: Partial<QueueParty>): QueueParty {
  return {
    id: 'q1',
    name: 'Patel',
    phone: '07700 900123',
    email: '',
    partyAdults: 4,
    partyChildren: 0,
    partySize: 4,
    notes: '',
    status: 'WAITING',
    addedAt: at('19:50'),
    addedBy: 'Sam',
    notifiedAt: null,
    quotedWaitMinutes: 20,
    waitMinutes: 0,
    readyAt: '20:10',
    bookingReference: null,
    ...overrides,
  };
}

const PATEL = party({});
const JONES = party({
  id: 'q2',
  name: 'Jones',
  phone: '',
  email: 'jones@example.com',
  partyAdults: 2,
  partySize: 2,
  addedAt: at('20:00'),
  waitMinutes: 25,
  readyAt: '20:35',
});
const OKAFOR = party({
  id: 'q3',
  name: 'Okafor',
  partySize: 9,
  partyAdults: 9,
  waitMinutes: null,
  readyAt: null,
});
const GONE = party({ id: 'q0', name: 'Brown', status: 'REMOVED' });

type Answer = (body: Record<string, unknown>) => Response;

/** The queue's server, keeping tonight's parties; `answers` replace a step's own answer (a refusal). */
function stubQueue(
  answers: Partial<Record<'add' | 'notify' | 'seat' | 'remove', Answer>> = {},
  mode: QueueDay['mode'] = 'tables',
) {
  const day: QueueDay = { date: TODAY, mode, waiting: [PATEL, JONES, OKAFOR], done: [GONE] };
  const close = (id: string, change: Partial<QueueParty>) => {
    const closed = { ...(day.waiting.find((queued) => queued.id === id) as QueueParty), ...change };
    day.waiting = day.waiting.filter((queued) => queued.id !== id);
    day.done = [closed, ...day.done];
    return Response.json(closed);
  };
  return stubStaffApi(({ method, path, body = {} }) => {
    if (path === '/api/admin/queue' && method === 'GET') return Response.json(day);
    if (path === '/api/admin/queue' && method === 'POST') {
      if (answers.add) return answers.add(body);
      const added = party({
        ...(body as Partial<QueueParty>),
        id: 'q9',
        addedAt: at('20:10'),
        waitMinutes: 40,
        readyAt: '20:50',
      });
      day.waiting = [...day.waiting, added];
      return Response.json(added, { status: 201 });
    }
    const step = /^\/api\/admin\/queue\/(\w+)\/(notify|seat|remove)$/.exec(path);
    if (!step || method !== 'POST') return undefined;
    const [, id = '', kind = ''] = step;
    const refusal = answers[kind as keyof typeof answers];
    if (refusal) return refusal(body);
    if (kind === 'notify') {
      const told = {
        ...(day.waiting.find((queued) => queued.id === id) as QueueParty),
        status: 'NOTIFIED' as const,
        notifiedAt: at('20:05'),
      };
      day.waiting = day.waiting.map((queued) => (queued.id === id ? told : queued));
      return Response.json(told);
    }
    if (kind === 'seat') return close(id, { status: 'SEATED', bookingReference: 'RC-WALK42' });
    return close(id, { status: 'REMOVED' });
  });
}

const card = (name: string) => screen.findByRole('listitem', { name: new RegExp(name) });

describe('the walk-in queue', () => {
  undoStubsAfterEach();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(londonInstant(TODAY, '20:10'));
  });
  afterEach(() => vi.useRealTimers());

  it('lists the parties waiting in order with their wait, and tonight’s closed ones folded away', async () => {
    stubQueue();
    renderRoute('/admin/queue');
    const list = await screen.findByRole('list', { name: 'Waiting' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      '1. Patel',
      '2. Jones',
      '3. Okafor',
    ]);
    expect(rows[0]).toHaveTextContent('4 guests');
    expect(rows[0]).toHaveTextContent('Table free now');
    expect(rows[0]).toHaveTextContent('Waited 20 min · quoted 20 min');
    expect(rows[1]).toHaveTextContent('About 25 min (≈ 8:35pm)');
    expect(rows[1]).toHaveTextContent('jones@example.com');
    expect(rows[2]).toHaveTextContent('No table tonight');
    expect(screen.getByText('3 parties waiting', { exact: false })).toBeVisible();
    const done = screen.getByText('Seated / removed tonight (1)');
    expect(screen.getByText('Brown')).not.toBeVisible();
    await userEvent.setup().click(done);
    expect(screen.getByText('Brown')).toBeVisible();
  });

  it('leads to the walk-in screen in tables mode only, where it seats a party on a table of their choosing', async () => {
    stubQueue();
    const { unmount } = renderRoute('/admin/queue');
    await screen.findByRole('list', { name: 'Waiting' });
    expect(screen.getByRole('link', { name: 'Walk-in' })).toHaveAttribute('href', '/admin/walk-in');
    unmount();
    stubQueue({}, 'covers');
    renderRoute('/admin/queue');
    await screen.findByRole('list', { name: 'Waiting' });
    expect(screen.queryByRole('link', { name: 'Walk-in' })).toBeNull();
  });

  it('tells a party their table is ready in one tap, and the row says when', async () => {
    const user = userEvent.setup();
    const api = stubQueue();
    renderRoute('/admin/queue');
    const jones = await card('Jones');
    await user.click(within(jones).getByRole('button', { name: 'Table ready Jones' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Jones told their table is ready.');
    expect(jones).toHaveTextContent('Told at 8:05pm');
    expect(within(jones).queryByRole('button', { name: /Table ready/ })).toBeNull();
    expect(api.urlsFrom('/api/admin/queue/')).toEqual(['/api/admin/queue/q2/notify']);
  });

  it('seats a party once asked, and moves them to tonight’s seated', async () => {
    const user = userEvent.setup();
    const api = stubQueue();
    renderRoute('/admin/queue');
    await user.click(within(await card('Patel')).getByRole('button', { name: 'Seat Patel' }));
    const dialog = screen.getByRole('dialog', { name: 'Seat Patel, 4 guests?' });
    expect(dialog).toHaveTextContent('A table free now is chosen for them');
    await user.click(within(dialog).getByRole('button', { name: 'Seat now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Patel, 4 guests, seated (RC-WALK42).');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Waiting' })).queryByText('Patel')).toBeNull();
    expect(screen.getByText('Seated / removed tonight (2)')).toBeVisible();
    expect(api.sent.filter((call) => call.url.endsWith('/seat'))).toEqual([
      { method: 'POST', url: '/api/admin/queue/q1/seat', body: {} },
    ]);
  });

  it('keeps the seat question open with the server’s refusal', async () => {
    const user = userEvent.setup();
    const refusal = 'No table or join is free now for 9 guests.';
    stubQueue({ seat: () => Response.json({ error: refusal }, { status: 409 }) });
    renderRoute('/admin/queue');
    await user.click(within(await card('Okafor')).getByRole('button', { name: 'Seat Okafor' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Seat now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(screen.getByRole('list', { name: 'Waiting' })).getByText('Okafor')).toBeVisible();
  });

  it('removes a party only when confirmed', async () => {
    const user = userEvent.setup();
    const api = stubQueue();
    renderRoute('/admin/queue');
    await user.click(within(await card('Jones')).getByRole('button', { name: 'Remove Jones' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep in queue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.urlsFrom('/api/admin/queue/')).toEqual([]);

    await user.click(within(await card('Jones')).getByRole('button', { name: 'Remove Jones' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Jones from the queue?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Jones taken off the queue.');
    expect(api.urlsFrom('/api/admin/queue/')).toEqual(['/api/admin/queue/q2/remove']);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Waiting' })).getAllByRole('listitem')).toHaveLength(2),
    );
  });

  it('adds a party of four in a tap and the details, with the rule’s problems under their fields first', async () => {
    const user = userEvent.setup();
    const api = stubQueue();
    renderRoute('/admin/queue');
    await user.click(await screen.findByRole('button', { name: 'Add to queue' }));
    const form = screen.getByRole('form', { name: 'Add to queue' });
    await user.click(within(form).getByRole('button', { name: 'Add to queue' }));
    expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription(QUEUE_MESSAGES.name);
    expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription(QUEUE_MESSAGES.contact);
    expect(api.bodiesOf('POST')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Party of 4' }));
    expect(within(form).getByLabelText('Adults')).toHaveValue(4);
    await user.type(within(form).getByLabelText(/^Name/), 'Nguyen');
    await user.type(within(form).getByLabelText('Phone'), '07700 900777');
    await user.click(within(form).getByRole('button', { name: 'Add to queue' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nguyen, 4 guests, added to the queue: about 40 min (≈ 8:50pm).',
    );
    expect(api.bodiesOf('POST')).toEqual([
      { name: 'Nguyen', phone: '07700 900777', email: '', partyAdults: 4, partyChildren: 0, notes: '' },
    ]);
    expect(await card('Nguyen')).toHaveTextContent('4. Nguyen');
  });

  it('puts the server’s problem under its field', async () => {
    const user = userEvent.setup();
    const problem = 'Please enter a real phone number.';
    stubQueue({
      add: () =>
        Response.json({ error: problem, issues: [{ path: 'phone', message: problem }] }, { status: 400 }),
    });
    renderRoute('/admin/queue');
    await user.click(await screen.findByRole('button', { name: 'Add to queue' }));
    const form = screen.getByRole('form', { name: 'Add to queue' });
    await user.type(within(form).getByLabelText(/^Name/), 'Nguyen');
    await user.type(within(form).getByLabelText('Phone'), '07700 900777');
    await user.click(within(form).getByRole('button', { name: 'Add to queue' }));
    await waitFor(() => expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription(problem));
    expect(within(form).getByLabelText('Phone')).toHaveFocus();
  });

  it('asks again every 30 seconds and on Refresh, keeping the list when the server cannot be reached', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(londonInstant(TODAY, '20:10'));
    const api = stubQueue();
    renderRoute('/admin/queue');
    await card('Patel');
    expect(screen.getByText(/Updated 8:10pm/)).toBeVisible();
    vi.setSystemTime(londonInstant(TODAY, '20:12'));
    vi.advanceTimersByTime(QUEUE_REFRESH_MS);
    await waitFor(() => expect(api.urlsFrom('/api/admin/queue')).toHaveLength(2));
    expect(await screen.findByText(/Updated 8:12pm/)).toBeVisible();
    expect(await card('Patel')).toHaveTextContent('Waited 22 min');

    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('offline'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/Could not refresh: as of 8:12pm/)).toBeVisible();
    expect(await card('Patel')).toBeVisible();
  });

  it('has no axe violations in the list and a question', async () => {
    const user = userEvent.setup();
    stubQueue();
    const view = renderRoute('/admin/queue');
    await card('Patel');
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
    await user.click(within(await card('Patel')).getByRole('button', { name: 'Remove Patel' }));
    expect((await axe.run(screen.getByRole('dialog'), { rules })).violations).toEqual([]);
  });
});
