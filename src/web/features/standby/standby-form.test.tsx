import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import type { StandbyJoined } from '#shared/standby/api.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import {
  chooseDateAndTime,
  field,
  fillContact,
  openForm,
  TUESDAY,
} from '../../routes/booking-page-fixture.ts';
import { fakeApi } from '../../routes/fake-api.ts';
import { startingWindow } from './standby-form.tsx';
import { STANDBY_WORDS } from './standby-words.ts';

/** Tuesday's times: for two guests every open time has a table; for four, 7pm and 7:30pm are full. */
const SLOTS: AvailabilitySlot[] = [
  { service: 'lunch', time: '12:00', closed: false, remaining: 10 },
  { service: 'dinner', time: '18:30', closed: false, remaining: 10 },
  { service: 'dinner', time: '19:00', closed: false, remaining: 3 },
  { service: 'dinner', time: '19:30', closed: false, remaining: 2 },
  { service: 'dinner', time: '20:00', closed: true, remaining: 10 },
  { service: 'dinner', time: '20:30', closed: false, remaining: 10 },
];

const ENTRY_TOKEN = 's'.repeat(43);

function joinedFrom(body: Record<string, unknown>): StandbyJoined {
  return {
    reference: 'SB-4KQ7',
    date: String(body.date),
    service: 'dinner',
    windowStart: String(body.windowStart),
    windowEnd: String(body.windowEnd),
    partySize: Number(body.partyAdults) + Number(body.partyChildren),
    name: String(body.name),
    status: 'WAITING',
    entryUrl: `https://pub.test/standby/${ENTRY_TOKEN}`,
  };
}

function stubServer(join: (body: Record<string, unknown>) => Response = () => Response.json({})) {
  return fakeApi(({ url, body }) => {
    if (url.startsWith('/api/availability')) {
      const date = new URL(url, 'http://x').searchParams.get('date');
      return Response.json(date === TUESDAY ? SLOTS : []);
    }
    if (url === '/api/standby') return join(body ?? {});
    return undefined;
  });
}

const offerButton = (form: HTMLElement) =>
  within(form).queryByRole('button', { name: STANDBY_MESSAGES.offer });

async function setAdults(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, adults: string) {
  await user.clear(field(form, /^Adults/));
  await user.type(field(form, /^Adults/), adults);
}

/** The booking form of a party of four on Tuesday, its details typed, turned into the standby form. */
async function openStandby(user: ReturnType<typeof userEvent.setup>) {
  const form = await openForm();
  await fillContact(user, form);
  await setAdults(user, form, '4');
  await chooseDateAndTime(form, TUESDAY, '18:30');
  await user.click(await within(form).findByRole('button', { name: STANDBY_MESSAGES.offer }));
  return screen.findByRole('form', { name: STANDBY_WORDS.join });
}

const submit = (form: HTMLElement) => within(form).getByRole('button', { name: STANDBY_WORDS.join });

describe('the standby list from the booking form', () => {
  afterEach(() => {
    seedContent['booking-settings'].standbyCapPercent = 50;
  });

  it('is offered only while a time of the date is full for the party', async () => {
    const user = userEvent.setup();
    stubServer();
    const form = await openForm();
    await chooseDateAndTime(form, TUESDAY, '19:00');
    expect(offerButton(form)).not.toBeInTheDocument();

    await setAdults(user, form, '4');
    expect(await within(form).findByRole('button', { name: STANDBY_MESSAGES.offer })).toBeVisible();
    await setAdults(user, form, '1');
    await waitFor(() => expect(offerButton(form)).not.toBeInTheDocument());
  });

  it('is not offered while the pub keeps no standby list', async () => {
    const user = userEvent.setup();
    seedContent['booking-settings'].standbyCapPercent = 0;
    stubServer();
    const form = await openForm();
    await setAdults(user, form, '4');
    await chooseDateAndTime(form, TUESDAY, '18:30');
    expect(within(form).getByRole('option', { name: '7pm — Full' })).toBeInTheDocument();
    expect(offerButton(form)).not.toBeInTheDocument();
  });

  it('opens in place with what the guest typed and a window around the full times, saying it is no booking', async () => {
    const user = userEvent.setup();
    stubServer();
    const standby = await openStandby(user);
    expect(screen.getByRole('heading', { name: STANDBY_WORDS.join })).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Book a table' })).not.toBeInTheDocument();
    expect(screen.getByText(STANDBY_MESSAGES.notABooking)).toBeVisible();
    expect(field(standby, /^Name/)).toHaveValue('  Ada Lovelace ');
    expect(field(standby, /^Email/)).toHaveValue('ada@example.com');
    expect(field(standby, /^Phone/)).toHaveValue('07700 900123');
    expect(field(standby, /^Date/)).toHaveValue(TUESDAY);
    expect(field(standby, /^Adults/)).toHaveValue(4);
    // From the first time full for four to the last before a free one, within the hour.
    expect(field(standby, /^Earliest time/)).toHaveValue('19:00');
    expect(field(standby, /^Latest time/)).toHaveValue('20:00');
    const latest = field(standby, /^Latest time/) as unknown as HTMLSelectElement;
    expect([...latest.options].map((option) => option.value)).toEqual([
      '',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
    ]);
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    expect((await axe.run(standby, { rules })).violations).toEqual([]);
  });

  it('puts the rule’s problems on their fields and sends nothing', async () => {
    const user = userEvent.setup();
    const sent = stubServer();
    const standby = await openStandby(user);
    await user.clear(field(standby, /^Email/));
    await user.type(field(standby, /^Email/), 'ada@');
    await user.click(submit(standby));
    expect(within(standby).getByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.email);
    expect(field(standby, /^Email/)).toHaveFocus();
    expect(field(standby, /^Email/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(field(standby, /^Email/), 'example.com');
    await user.selectOptions(field(standby, /^Earliest time/), '18:30');
    await user.click(submit(standby));
    expect(within(standby).getByRole('alert')).toHaveTextContent(STANDBY_MESSAGES.timeFree('18:30'));
    expect(field(standby, /^Earliest time/)).toHaveFocus();
    expect(sent.some((request) => request.url === '/api/standby')).toBe(false);
  });

  it('puts the server’s refusal on the field it names', async () => {
    const user = userEvent.setup();
    stubServer(() =>
      Response.json(
        {
          error: STANDBY_MESSAGES.capReached,
          issues: [{ path: 'windowStart', message: STANDBY_MESSAGES.capReached }],
        },
        { status: 409 },
      ),
    );
    const standby = await openStandby(user);
    await user.click(submit(standby));
    const earliest = field(standby, /^Earliest time/);
    await waitFor(() => expect(earliest).toHaveAttribute('aria-invalid', 'true'));
    expect(earliest).toHaveAccessibleDescription(expect.stringContaining(STANDBY_MESSAGES.capReached));
    expect(earliest).toHaveFocus();
  });

  it('joins, saying it is not a booking and that the link was e-mailed, and goes back to the booking form', async () => {
    const user = userEvent.setup();
    const sent = stubServer((body) => Response.json(joinedFrom(body), { status: 201 }));
    const standby = await openStandby(user);
    await user.selectOptions(field(standby, /^Latest time/), '19:30');
    await user.click(submit(standby));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(STANDBY_MESSAGES.joined(formatLongDate(TUESDAY), '19:00', '19:30'));
    expect(done).toHaveTextContent(STANDBY_MESSAGES.notABooking);
    expect(done).toHaveTextContent(STANDBY_WORDS.emailed('ada@example.com'));
    expect(within(done).getByRole('link', { name: STANDBY_WORDS.seeYourPlace })).toHaveAttribute(
      'href',
      `/standby/${ENTRY_TOKEN}`,
    );
    await waitFor(() => expect(done).toHaveFocus());
    expect(sent.find((request) => request.url === '/api/standby')?.body).toEqual({
      website: '',
      name: 'Ada Lovelace',
      phone: '07700 900123',
      email: 'ada@example.com',
      date: TUESDAY,
      windowStart: '19:00',
      windowEnd: '19:30',
      partyAdults: 4,
      partyChildren: 0,
    });

    await user.click(screen.getByRole('button', { name: STANDBY_WORDS.backToBooking }));
    const form = screen.getByRole('form', { name: 'Book a table' });
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: STANDBY_MESSAGES.offer })).toHaveFocus(),
    );
  });
});

describe('the window a guest starts from', () => {
  it('reaches over the neighbouring times without a table, at most an hour from the one in mind', () => {
    expect(startingWindow(SLOTS, '19:30', 4)).toEqual({ windowStart: '19:00', windowEnd: '20:00' });
    expect(startingWindow(SLOTS, '', 3)).toEqual({ windowStart: '19:30', windowEnd: '20:00' });
    expect(startingWindow(SLOTS, '', 2)).toEqual({ windowStart: '', windowEnd: '' });
  });
});
