import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { GuestProfile, ProfileNote } from '#shared/profiles/api.ts';
import { PROFILE_MESSAGES } from '#shared/profiles/messages.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { TUESDAY as NEW_BOOKING_DAY } from '../booking/admin/new-booking-page-fixture.ts';
import { noteFinder } from './use-day-notes.ts';

const TUESDAY = '2026-12-08';
const TOM = storedBookingFixture({ _id: 'b1', name: 'Tom Adeyemi', email: 'Tom@Example.com' });
const PHONE_ONLY = storedBookingFixture({
  _id: 'b2',
  reference: 'RC-PHONE2',
  name: 'Mrs Okafor',
  email: '',
  phone: '+44 7700 900999',
  timeSlot: '19:30',
});
const STRANGER = storedBookingFixture({
  _id: 'b3',
  reference: 'RC-NEW333',
  name: 'Ann Newcomer',
  email: 'ann@example.com',
  phone: '07700 900111',
  timeSlot: '20:00',
});

const NOTE = 'Likes the window table';

function tomsProfile(overrides: Partial<GuestProfile> = {}): GuestProfile {
  return {
    email: 'tom@example.com',
    name: 'Tom Adeyemi',
    phones: ['07700 900456'],
    tags: ['Regular'],
    note: NOTE,
    noteMentionsHealth: false,
    noteBy: 'Landlord',
    noteAt: '2026-11-20T12:00:00.000Z',
    counts: { visits: 5, noShows: 1, lateCancellations: 1, cancellations: 2, upcoming: 1 },
    history: [
      {
        kind: 'table',
        reference: 'RC-ABC234',
        date: TUESDAY,
        time: '19:00',
        partySize: 2,
        status: 'Confirmed',
      },
      {
        kind: 'christmas',
        reference: 'XMAS-7KQ2',
        date: '2025-12-20',
        time: null,
        partySize: 4,
        status: 'No-show',
      },
    ],
    phoneOnlyMatches: [{ reference: 'RC-OLD111', date: '2026-10-02', name: 'Tom', phone: '07700 900456' }],
    ...overrides,
  };
}

const asNote = (profile: GuestProfile): ProfileNote => ({
  email: profile.email,
  phones: profile.phones,
  tags: profile.tags,
  note: profile.note,
  noteMentionsHealth: profile.noteMentionsHealth,
  visits: profile.counts.visits,
  noShows: profile.counts.noShows,
});

const OKAFOR_NOTE: ProfileNote = {
  email: 'okafor@example.com',
  phones: ['07700 900999'],
  tags: ['Needs step-free access'],
  note: 'Partner is coeliac',
  noteMentionsHealth: true,
  visits: 2,
  noShows: 0,
};

/** The day view's server with Tom's profile, kept as saved; the day's notes from the profiles it holds. */
function stubDay({ role = 'owner' as StaffRole } = {}) {
  let profile = tomsProfile();
  const api = stubStaffApi(
    ({ method, path, query, body }) => {
      if (path === '/api/bookings') return Response.json([TOM, PHONE_ONLY, STRANGER]);
      if (path === '/api/admin/deposits/day') return Response.json({ payments: [] });
      if (path === '/api/admin/occasions/day') return Response.json({ date: TUESDAY, occasions: [] });
      if (path === '/api/availability' || path === '/api/closures') return Response.json([]);
      if (path === '/api/admin/tables/day') {
        return Response.json({ date: TUESDAY, layout: { mode: 'covers' }, bookings: [] });
      }
      if (path === '/api/admin/profiles/notes') {
        return Response.json({ date: query.get('date'), notes: [asNote(profile), OKAFOR_NOTE] });
      }
      if (path === '/api/admin/profiles' && method === 'GET') {
        const email = query.get('email')?.toLowerCase();
        return Response.json({ profile: email === profile.email ? profile : null });
      }
      if (path === '/api/admin/profiles' && method === 'PUT') {
        profile = {
          ...profile,
          ...(body as Pick<GuestProfile, 'tags' | 'note'>),
          noteMentionsHealth: /coeliac/i.test(String(body?.note)),
        };
        return Response.json(profile);
      }
      if (path === '/api/admin/profiles/phones' && method === 'POST') {
        profile = { ...profile, phoneOnlyMatches: [] };
        return Response.json(profile);
      }
      return undefined;
    },
    { role },
  );
  return { ...api, profileCalls: () => api.urlsFrom('/api/admin/profiles') };
}

async function openDrawer(name: string) {
  const user = userEvent.setup();
  const view = renderRoute(`/admin/bookings?date=${TUESDAY}`);
  await user.click(await screen.findByRole('button', { name }));
  const drawer = screen.getByRole('dialog', { name });
  return { user, view, drawer };
}

describe('the day view with guest profiles', () => {
  undoStubsAfterEach();

  it('shows a guest’s tags and note under their name, matched by e-mail or, without one, by phone', async () => {
    const server = stubDay();
    renderRoute(`/admin/bookings?date=${TUESDAY}`);
    const dinner = await screen.findByRole('region', { name: 'Dinner' });
    const tom = within(dinner).getByRole('row', { name: /Tom Adeyemi/ });
    await waitFor(() => expect(tom).toHaveTextContent(`Regular — ${NOTE}`));

    const okafor = within(dinner).getByRole('row', { name: /Mrs Okafor/ });
    expect(okafor).toHaveTextContent('Needs step-free access — Health note Partner is coeliac');
    expect(within(dinner).getByRole('row', { name: /Ann Newcomer/ })).not.toHaveTextContent(
      /Regular|coeliac/,
    );
    expect(server.urlsFrom('/api/admin/profiles/notes')).toEqual([
      `/api/admin/profiles/notes?date=${TUESDAY}`,
    ]);
  });

  it('shows the guest in the drawer and saves new tags and a new note, the day view following', async () => {
    const server = stubDay();
    const { user, drawer } = await openDrawer('Tom Adeyemi');
    const guest = await within(drawer).findByRole('region', { name: 'Guest' });
    expect(guest).toHaveTextContent('5 visits · 1 no-show · 1 late cancellation · 1 to come');
    expect(within(within(guest).getByRole('list', { name: 'Tags' })).getByText('Regular')).toBeVisible();
    expect(within(guest).getByText(NOTE, { selector: 'p' })).toBeVisible();

    const open = within(guest).getByRole('button', { name: 'Guest profile' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const form = await within(guest).findByRole('form', { name: 'Guest profile' });
    await user.click(within(form).getByRole('button', { name: 'Add tag VIP' }));
    await user.type(within(form).getByRole('textbox', { name: 'Your own tag' }), 'Birthday in May{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Remove tag Regular' }));
    const note = within(form).getByRole('textbox', { name: /Note on every booking/ });
    await user.clear(note);
    await user.type(note, '  Window table; partner is coeliac ');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(/Saved/);
    expect(server.bodiesOf('PUT')).toEqual([
      { tags: ['VIP', 'Birthday in May'], note: 'Window table; partner is coeliac' },
    ]);
    expect(server.urlsFrom('/api/admin/profiles?')).toContain('/api/admin/profiles?email=tom%40example.com');
    expect(within(guest).getByText(/Window table; partner is coeliac/, { selector: 'p' })).toHaveTextContent(
      'Health note Window table; partner is coeliac',
    );

    await user.click(within(drawer).getByRole('button', { name: /close/i }));
    const tom = screen.getByRole('row', { name: /Tom Adeyemi/ });
    await waitFor(() =>
      expect(tom).toHaveTextContent('VIP · Birthday in May — Health note Window table; partner is coeliac'),
    );
  });

  it('warns of a health note as it is typed, and refuses a tag too long on its field', async () => {
    stubDay();
    const { user, drawer, view } = await openDrawer('Tom Adeyemi');
    const guest = await within(drawer).findByRole('region', { name: 'Guest' });
    await user.click(within(guest).getByRole('button', { name: 'Guest profile' }));
    const form = await within(guest).findByRole('form', { name: 'Guest profile' });
    const note = within(form).getByRole('textbox', { name: /Note on every booking/ });
    expect(within(form).queryByText(PROFILE_MESSAGES.healthWarning)).not.toBeInTheDocument();
    await user.type(note, '; nut allergy');
    expect(within(form).getByText(PROFILE_MESSAGES.healthWarning)).toBeVisible();
    expect(within(form).getByText(PROFILE_MESSAGES.healthWarning).closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );

    const ownTag = within(form).getByRole('textbox', { name: 'Your own tag' });
    await user.type(ownTag, 'x'.repeat(31));
    await user.click(within(form).getByRole('button', { name: 'Add tag' }));
    expect(ownTag).toHaveAccessibleDescription(PROFILE_MESSAGES.tagTooLong);
    expect(ownTag).toHaveFocus();

    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
  });

  it('counts a phone booking without an e-mail as the guest’s when staff say it was them', async () => {
    const server = stubDay();
    const { user, drawer } = await openDrawer('Tom Adeyemi');
    const guest = await within(drawer).findByRole('region', { name: 'Guest' });
    await user.click(within(guest).getByRole('button', { name: 'Guest profile' }));
    const matches = await within(guest).findByRole('region', { name: 'Phone bookings without an e-mail' });
    await user.click(within(matches).getByRole('button', { name: /^This is them: Tom/ }));
    expect(
      await within(matches).findByText('Bookings on 07700 900456 now count as this guest’s.'),
    ).toBeVisible();
    expect(server.bodiesOf('POST')).toEqual([{ phone: '07700 900456' }]);
    expect(server.urlsFrom('/api/admin/profiles/phones')).toEqual([
      '/api/admin/profiles/phones?email=tom%40example.com',
    ]);
    const history = within(guest).getByRole('list', { name: 'Bookings' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Tue 8 Dec 2026, 7pmTable · 2 guests · Confirmed',
      'Sat 20 Dec 2025Christmas · 4 guests · No-show',
    ]);
  });

  it('makes no profile call for a staff-role account and shows no guest section', async () => {
    const server = stubDay({ role: 'staff' });
    const { drawer } = await openDrawer('Tom Adeyemi');
    expect(await within(drawer).findByRole('button', { name: 'Change booking' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(drawer).queryByRole('region', { name: 'Guest' })).not.toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    expect(server.profileCalls()).toEqual([]);
  });
});

describe('the New booking screen with guest profiles', () => {
  undoStubsAfterEach();

  /** The New booking form on a server knowing Tom; `role` signed in. */
  async function openNewBooking(role: StaffRole = 'manager') {
    const user = userEvent.setup();
    const lookups: string[] = [];
    stubStaffApi(
      ({ path, query, url }) => {
        if (path === '/api/admin/availability') return Response.json([]);
        if (path === '/api/admin/deposits/day') return Response.json({ payments: [] });
        if (path !== '/api/admin/profiles') return undefined;
        lookups.push(url);
        const known = query.get('email')?.toLowerCase() === 'tom@example.com';
        return Response.json({ profile: known ? tomsProfile() : null });
      },
      { role },
    );
    renderRoute(`/admin/bookings/new?date=${NEW_BOOKING_DAY}`);
    await screen.findByRole('form', { name: 'New booking' });
    return { user, lookups };
  }

  it('says "Returning guest" with the tags and note once the e-mail is typed', async () => {
    const { user, lookups } = await openNewBooking();
    await user.type(screen.getByLabelText('Email'), 'tom@example.com');
    const returning = await screen.findByText(PROFILE_MESSAGES.returning(5));
    const found = returning.closest('[aria-live]') as HTMLElement;
    expect(found).toHaveAttribute('aria-live', 'polite');
    expect(found).toHaveTextContent('Tom Adeyemi · 1 no-show · 1 late cancellation');
    expect(within(found).getByText('Regular')).toBeVisible();
    expect(within(found).getByText(NOTE)).toBeVisible();
    // Looked up once the address was whole and staff paused, not at each key.
    expect(lookups).toEqual(['/api/admin/profiles?email=tom%40example.com']);
  });

  it('says nothing for a guest it does not know', async () => {
    const { user, lookups } = await openNewBooking();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await waitFor(() => expect(lookups).toEqual(['/api/admin/profiles?email=ann%40example.com']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Returning guest/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Known guest/)).not.toBeInTheDocument();
  });

  it('looks nobody up for a staff-role account', async () => {
    const { user, lookups } = await openNewBooking('staff');
    await user.type(screen.getByLabelText('Email'), 'tom@example.com');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(lookups).toEqual([]);
    expect(screen.queryByText(/Returning guest/)).not.toBeInTheDocument();
  });
});

describe('matching a booking to its guest’s note', () => {
  const find = noteFinder([asNote(tomsProfile()), OKAFOR_NOTE]);

  it('matches by e-mail whatever its case, and a booking without one by the phone’s digits', () => {
    expect(find({ email: ' TOM@example.com', phone: '' })?.note).toBe(NOTE);
    expect(find({ email: '', phone: '+44 7700 900999' })?.note).toBe('Partner is coeliac');
    expect(find({ email: 'someone@example.com', phone: '07700 900999' })).toBeUndefined();
    expect(find({ email: '', phone: '' })).toBeUndefined();
  });
});
