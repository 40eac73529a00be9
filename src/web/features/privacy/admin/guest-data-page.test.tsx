import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES } from '#shared/christmas/manage.ts';
import { GUEST_DATA_MESSAGES } from '#shared/privacy/guest-query.ts';
import type { GuestData, GuestEraseAnswer, GuestErasure } from '#shared/privacy/guests.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

const EMAIL = 'rosalind@example.com';

const held: GuestData = {
  query: EMAIL,
  bookings: [
    {
      id: 'b1',
      reference: 'RC-TEST01',
      date: '2026-12-08',
      timeSlot: '19:00',
      partyAdults: 2,
      partyChildren: 1,
      status: 'CONFIRMED',
      source: 'online',
      eventSlug: null,
      name: 'Rosalind Fairweather',
      email: EMAIL,
      phone: '07700 900456',
      hasAccessibilityNeeds: true,
      accessibilityNotes: 'Step-free table',
      occasion: 'Birthday',
      occasionNotes: '',
      allergies: 'Severe peanut allergy',
      specialNotes: '',
      createdAt: '2026-12-01T10:00:00.000Z',
      anonymisedAt: null,
      arrivedAt: null,
      seatedAt: null,
      leftAt: null,
      noShowAt: null,
      remindedAt: null,
      comingConfirmedAt: null,
      cancelledAt: null,
      tables: ['T4', 'T5'],
    },
  ],
  christmasBookings: [],
  christmasReservations: [],
  occasionBookings: [],
  occasionDiners: [],
  standbyEntries: [],
  queueParties: [],
  guestProfiles: [],
  vouchers: [],
  enquiries: [
    {
      id: 'e1',
      reference: 'ENQ-TEST02',
      preferredDate: '2026-12-12',
      preferredTime: '18:30',
      partySize: 14,
      status: 'NEW',
      name: 'Rosalind Fairweather',
      email: EMAIL,
      phone: '07700 900456',
      notes: 'Rehearsal dinner',
      createdAt: '2026-12-01T10:00:00.000Z',
      anonymisedAt: null,
    },
  ],
  marketingConsents: [
    {
      email: EMAIL,
      name: 'Rosalind Fairweather',
      source: 'booking',
      wording: 'Send me news of events and offers',
      givenAt: '2026-12-01T10:00:00.000Z',
      withdrawnAt: null,
    },
  ],
  emails: [
    {
      id: 'm1',
      kind: 'table-booking',
      to: `Rosalind Fairweather <${EMAIL}>`,
      subject: 'Your table at The Rose & Crown — Tuesday 8 December 2026, 7pm',
      reference: 'RC-TEST01',
      status: 'SENT',
      createdAt: '2026-12-01T10:00:00.000Z',
      sentAt: '2026-12-01T10:00:05.000Z',
      erasedWhenSent: false,
    },
  ],
  scheduledErasures: [],
  upcomingBookings: [],
};

/** The same guest before her visits: the table on 8 December and Christmas Day, with its deposit. */
const expected: GuestData = {
  ...held,
  upcomingBookings: [
    {
      kind: 'table',
      id: 'b1',
      reference: 'RC-TEST01',
      date: '2026-12-08',
      time: '19:00',
      partySize: 3,
      depositPaidPence: 0,
    },
    {
      kind: 'christmas',
      id: 'c1',
      reference: 'XMAS-TEST',
      date: '2026-12-25',
      time: '12pm–2pm',
      partySize: 2,
      depositPaidPence: 5000,
    },
  ],
};

/** The same guest with an occasion booking of her own, and a place at a friend's occasion table. */
const withOccasions: GuestData = {
  ...held,
  occasionBookings: [
    {
      id: 'o1',
      reference: 'OCC-TEST03',
      occasionName: 'Christmas Party Nights',
      date: '2026-12-04',
      sittingLabel: 'Dinner',
      partyAdults: 6,
      partyChildren: 0,
      status: 'CONFIRMED',
      source: 'online',
      name: 'Rosalind Fairweather',
      email: EMAIL,
      phone: '07700 900456',
      notes: 'Office party, one high chair',
      allergies: 'One coeliac',
      occasionNotes: 'Retirement do',
      totalPence: 22800,
      paidPence: 6000,
      paymentMethod: null,
      refundPence: null,
      tillRefundPence: null,
      holderIp: '203.0.113.7',
      diners: 4,
      preOrderRemindedAt: null,
      visitRemindedAt: null,
      comingConfirmedAt: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      anonymisedAt: null,
    },
  ],
  occasionDiners: [
    {
      id: 'd1',
      reference: 'OCC-TEST04',
      occasionName: 'Winter Supper Club',
      date: '2027-01-22',
      name: 'Ros F.',
      email: EMAIL,
      choices: { main: 'venison' },
      allergies: 'No shellfish',
      chosenBy: 'diner',
      createdAt: '2026-11-02T10:00:00.000Z',
    },
  ],
};

/** Her occasion booking still to come, with its deposit paid: cancelled on the occasions' screen, not here. */
const expectedOccasion: GuestData = {
  ...withOccasions,
  upcomingBookings: [
    {
      kind: 'occasion',
      id: 'o1',
      reference: 'OCC-TEST03',
      date: '2026-12-04',
      time: 'Dinner',
      partySize: 6,
      depositPaidPence: 6000,
    },
  ],
};

/**
 * The same guest on the standby list of a full night, and seated from the walk-in queue another; staff keep a
 * profile on her (issue 32).
 */
const withWaiting: GuestData = {
  ...held,
  standbyEntries: [
    {
      id: 's1',
      reference: 'SB-TEST05',
      date: '2026-12-18',
      service: 'dinner',
      windowStart: '19:00',
      windowEnd: '20:30',
      partyAdults: 2,
      partyChildren: 0,
      status: 'WAITING',
      source: 'online',
      name: 'Rosalind Fairweather',
      email: EMAIL,
      phone: '',
      bookingReference: null,
      offers: [
        {
          timeSlot: '19:30',
          state: 'EXPIRED',
          expiresAt: '2026-12-01T10:30:00.000Z',
          createdAt: '2026-12-01T10:00:00.000Z',
        },
      ],
      createdAt: '2026-11-30T10:00:00.000Z',
    },
  ],
  queueParties: [
    {
      id: 'q1',
      date: '2026-12-08',
      partyAdults: 2,
      partyChildren: 0,
      status: 'SEATED',
      name: 'Rosalind Fairweather',
      email: '',
      phone: '07700 900456',
      notes: 'By the fire if one comes free',
      notifiedAt: '2026-12-08T18:40:00.000Z',
      bookingReference: 'RC-TEST01',
      createdAt: '2026-12-08T18:10:00.000Z',
    },
  ],
  guestProfiles: [
    {
      email: EMAIL,
      confirmedPhones: ['07700900456'],
      tags: ['Regular', 'VIP'],
      note: 'Partner is coeliac',
      noteBy: 'Polly',
      noteAt: '2026-12-08T18:10:00.000Z',
      createdAt: '2026-12-08T18:10:00.000Z',
      updatedAt: '2026-12-08T18:10:00.000Z',
    },
  ],
};

const nothing: GuestData = {
  query: EMAIL,
  bookings: [],
  christmasBookings: [],
  christmasReservations: [],
  occasionBookings: [],
  occasionDiners: [],
  standbyEntries: [],
  queueParties: [],
  guestProfiles: [],
  vouchers: [],
  enquiries: [],
  marketingConsents: [],
  emails: [],
  scheduledErasures: [],
  upcomingBookings: [],
};

const erasure: GuestErasure = {
  bookingsAnonymised: 1,
  christmasBookingsAnonymised: 0,
  christmasReservationsAnonymised: 0,
  occasionBookingsAnonymised: 0,
  occasionDinersAnonymised: 0,
  enquiriesAnonymised: 1,
  standbyEntriesDeleted: 0,
  standbyOffersDeleted: 0,
  queuePartiesDeleted: 0,
  profilesDeleted: 0,
  vouchersAnonymised: 0,
  marketingConsentsDeleted: 1,
  emailsDeleted: 1,
  manageLinksDeleted: 1,
  organiserLinksDeleted: 0,
  storedAnswersDeleted: 0,
  scheduledErasuresDeleted: 0,
};

/** A fake server holding one guest's data until it is erased (or her erasure is scheduled). */
function stubServer(
  options: { role?: StaffRole; failErase?: boolean; data?: GuestData; erasure?: GuestErasure } = {},
) {
  let data = options.data ?? held;
  const { sent } = stubStaffApi(
    ({ method, path, body }) => {
      if (path === '/api/admin/guests' && method === 'GET') return Response.json(data);
      if (path !== '/api/admin/guests/erase' || method !== 'POST') return undefined;
      if (options.failErase) return Response.json({ error: 'The database said no.' }, { status: 500 });
      if (body?.upcoming === 'erase-after-visit') {
        data = {
          ...data,
          scheduledErasures: [
            { query: data.query, dueOn: '2026-12-26', requestedAt: '2026-12-01T10:00:00.000Z' },
          ],
        };
        return Response.json({ outcome: 'scheduled', dueOn: '2026-12-26' } satisfies GuestEraseAnswer);
      }
      const bookingsCancelled = body?.upcoming ? data.upcomingBookings.length : 0;
      data = nothing;
      return Response.json({
        outcome: 'erased',
        bookingsCancelled,
        erasure: options.erasure ?? erasure,
      } satisfies GuestEraseAnswer);
    },
    { role: options.role },
  );
  return { calls: sent };
}

/** Finds what is held about `text` and asks to erase it: the dialog that asks first. */
async function askToErase(text: string) {
  const user = await searchFor(text);
  await user.click(await screen.findByRole('button', { name: 'Erase this person’s data' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Erase this person’s data?' }) };
}

async function searchFor(text: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail address or phone number'), text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return user;
}

describe('the guest data page', () => {
  undoStubsAfterEach();

  it('is in the owner’s nav, and shows everything held about an e-mail address, grouped', async () => {
    const { calls } = stubServer();
    renderRoute('/admin/guests');
    // The admin's chunk loads on first use: on a busy machine that takes more than a second.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guests’ data' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Guest data' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Guests’ data · Staff · The Rose & Crown'));

    await searchFor(EMAIL);
    expect(await screen.findByText(`4 records held about ${EMAIL}`)).toBeVisible();
    expect(calls.filter((call) => call.url.startsWith('/api/admin/guests'))).toEqual([
      { method: 'GET', url: `/api/admin/guests?q=${encodeURIComponent(EMAIL)}`, body: undefined },
    ]);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Table bookings (1)',
      'Large-party enquiries (1)',
      'Marketing consent (1)',
      'E-mails (1)',
    ]);
    const tables = screen.getByRole('region', { name: /^Table bookings/ });
    expect(
      within(tables).getByText(/RC-TEST01 · T4 \+ T5 · .*8 Dec 2026, 7pm · 3 guests · confirmed/),
    ).toBeVisible();
    expect(within(tables).getByText('Severe peanut allergy')).toBeVisible();
    expect(within(tables).getByText('Step-free table')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download as JSON' })).toHaveAttribute(
      'href',
      `/api/admin/guests/export?q=${encodeURIComponent(EMAIL)}`,
    );
  });

  it('shows her occasion bookings and her places as a diner, and counts them in the erasure', async () => {
    stubServer({
      data: withOccasions,
      erasure: {
        ...erasure,
        occasionBookingsAnonymised: 1,
        occasionDinersAnonymised: 1,
        organiserLinksDeleted: 1,
      },
    });
    renderRoute('/admin/guests');
    await searchFor(EMAIL);
    expect(await screen.findByText(`6 records held about ${EMAIL}`)).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Table bookings (1)',
      'Occasion bookings (1)',
      'Occasion diners (1)',
      'Large-party enquiries (1)',
      'Marketing consent (1)',
      'E-mails (1)',
    ]);
    const bookings = screen.getByRole('region', { name: /^Occasion bookings/ });
    expect(
      within(bookings).getByText(
        'Christmas Party Nights · OCC-TEST03 · Fri 4 Dec 2026, Dinner · 6 guests · confirmed',
      ),
    ).toBeVisible();
    expect(within(bookings).getByText(`Rosalind Fairweather · ${EMAIL} · 07700 900456`)).toBeVisible();
    expect(within(bookings).getByText('Paid £60.00 of £228.00 · 4 diners')).toBeVisible();
    expect(within(bookings).getByText('Office party, one high chair')).toBeVisible();
    expect(within(bookings).getByText('One coeliac')).toBeVisible();
    expect(within(bookings).getByText('Retirement do')).toBeVisible();
    expect(within(bookings).getByText('203.0.113.7')).toBeVisible();
    const diners = screen.getByRole('region', { name: /^Occasion diners/ });
    expect(within(diners).getByText('Winter Supper Club · OCC-TEST04 · Fri 22 Jan 2027')).toBeVisible();
    expect(within(diners).getByText(`Ros F. · ${EMAIL}`)).toBeVisible();
    expect(within(diners).getByText('No shellfish')).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Erase this person’s data' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase this person’s data?' });
    expect(dialog).toHaveTextContent(
      'Kept, anonymised: 1 table booking, 1 occasion booking, 1 occasion diner, 1 enquiry.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText(GUEST_DATA_MESSAGES.erased(8))).toBeVisible();
  });

  it('shows her places on the standby list and in the walk-in queue and her profile, which the erasure deletes', async () => {
    stubServer({
      data: withWaiting,
      erasure: {
        ...erasure,
        standbyEntriesDeleted: 1,
        standbyOffersDeleted: 1,
        queuePartiesDeleted: 1,
        profilesDeleted: 1,
      },
    });
    renderRoute('/admin/guests');
    await searchFor(EMAIL);
    expect(await screen.findByText(`7 records held about ${EMAIL}`)).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Table bookings (1)',
      'Standby list (1)',
      'Walk-in queue (1)',
      'Guest profile (1)',
      'Large-party enquiries (1)',
      'Marketing consent (1)',
      'E-mails (1)',
    ]);
    const standby = screen.getByRole('region', { name: /^Standby list/ });
    expect(
      within(standby).getByText('SB-TEST05 · Fri 18 Dec 2026, 7pm–8:30pm · 2 guests · waiting'),
    ).toBeVisible();
    expect(within(standby).getByText(`Rosalind Fairweather · ${EMAIL}`)).toBeVisible();
    expect(within(standby).getByText('Places offered: 7:30pm (offer expired)')).toBeVisible();
    const queue = screen.getByRole('region', { name: /^Walk-in queue/ });
    expect(within(queue).getByText('Tue 8 Dec 2026 · 2 guests · seated')).toBeVisible();
    expect(within(queue).getByText('Rosalind Fairweather · 07700 900456')).toBeVisible();
    expect(within(queue).getByText('Told table ready 6:40pm · Seated as RC-TEST01')).toBeVisible();
    expect(within(queue).getByText('By the fire if one comes free')).toBeVisible();
    const profile = screen.getByRole('region', { name: /^Guest profile/ });
    expect(within(profile).getByText('Tags: Regular, VIP')).toBeVisible();
    expect(within(profile).getByText(`${EMAIL} · 07700900456`)).toBeVisible();
    expect(within(profile).getByText('Partner is coeliac')).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Erase this person’s data' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase this person’s data?' });
    // Deleted, not kept: the dialog says they go, and does not count them among what stays.
    expect(dialog).toHaveTextContent(GUEST_DATA_MESSAGES.whatGoes);
    expect(GUEST_DATA_MESSAGES.whatGoes).toContain('the standby list and in the walk-in queue');
    expect(GUEST_DATA_MESSAGES.whatGoes).toContain('the profile staff kept on them');
    expect(dialog).toHaveTextContent('Kept, anonymised: 1 table booking, 1 enquiry.');
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText(GUEST_DATA_MESSAGES.erased(9))).toBeVisible();
  });

  it('refuses a search that is neither an e-mail address nor a phone number, without asking the server', async () => {
    const { calls } = stubServer();
    renderRoute('/admin/guests');
    await searchFor('Rosalind');
    const input = screen.getByLabelText('E-mail address or phone number');
    expect(input).toHaveAccessibleDescription(GUEST_DATA_MESSAGES.wrongQuery);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.url.startsWith('/api/admin/guests'))).toBe(false);
  });

  it('erases after a confirmation that says what goes and what stays, then shows nothing held', async () => {
    const { calls } = stubServer();
    renderRoute('/admin/guests');
    const { user, dialog } = await askToErase('07700 900456');
    expect(dialog).toHaveTextContent(GUEST_DATA_MESSAGES.whatGoes);
    expect(dialog).toHaveTextContent(
      `${GUEST_DATA_MESSAGES.whatStays} Kept, anonymised: 1 table booking, 1 enquiry.`,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Erase this person’s data' }));
    await user.click(screen.getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText(GUEST_DATA_MESSAGES.erased(5))).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/guests/erase',
        body: { q: '07700 900456', upcoming: null, deposit: null },
      },
    ]);
    expect(await screen.findByText(GUEST_DATA_MESSAGES.nothingHeld)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Erase this person’s data' })).not.toBeInTheDocument();
  });

  it('lists the upcoming bookings and erases only once staff choose to cancel them, deposit and all', async () => {
    const { calls } = stubServer({ data: expected });
    renderRoute('/admin/guests');
    const { user, dialog } = await askToErase(EMAIL);
    const upcoming = within(dialog).getByRole('region', { name: '2 upcoming bookings' });
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'RC-TEST01 · Tue 8 Dec 2026, 7pm · 3 guests',
      'XMAS-TEST · Fri 25 Dec 2026, 12pm–2pm · 2 guests · deposit £50.00 paid',
    ]);
    expect(upcoming).toHaveTextContent(GUEST_DATA_MESSAGES.upcomingLead(2));

    // Nothing is erased until staff say what becomes of the bookings, and of the deposit.
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(GUEST_DATA_MESSAGES.chooseUpcoming);
    await user.click(within(dialog).getByRole('radio', { name: 'Cancel them and erase now' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole('radio', { name: 'Cancel them and erase now' }),
    ).toHaveAccessibleDescription(GUEST_DATA_MESSAGES.cancelAndEraseHint);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bookings and erase' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice,
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: 'Keep the deposit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bookings and erase' }));
    expect(await screen.findByText(GUEST_DATA_MESSAGES.cancelledAndErased(2, 5))).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { q: EMAIL, upcoming: 'cancel-and-erase', deposit: 'keep' },
    ]);
  });

  it('schedules the erasure for the day after the last visit, and shows it', async () => {
    const { calls } = stubServer({ data: expected });
    renderRoute('/admin/guests');
    const { user, dialog } = await askToErase(EMAIL);
    const later = within(dialog).getByRole('radio', { name: 'Erase after the visit' });
    expect(later).toHaveAccessibleDescription(
      GUEST_DATA_MESSAGES.eraseAfterVisitHint('Saturday 26 December 2026'),
    );
    await user.click(later);
    expect(within(dialog).queryByRole('radio', { name: 'Keep the deposit' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule the erasure' }));

    expect(
      await screen.findByText(GUEST_DATA_MESSAGES.erasureScheduled('Saturday 26 December 2026')),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { q: EMAIL, upcoming: 'erase-after-visit', deposit: null },
    ]);
    const scheduled = await screen.findByRole('region', { name: /^Scheduled erasure/ });
    expect(scheduled).toHaveTextContent(GUEST_DATA_MESSAGES.scheduledFor('Saturday 26 December 2026'));
    expect(screen.getByRole('region', { name: /^Table bookings/ })).toBeVisible();
  });

  it('sends staff to the occasions’ screen to cancel an upcoming occasion booking, or schedules the erasure', async () => {
    const { calls } = stubServer({ data: expectedOccasion });
    renderRoute('/admin/guests');
    const { user, dialog } = await askToErase(EMAIL);
    const upcoming = within(dialog).getByRole('region', { name: '1 upcoming booking' });
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['OCC-TEST03 · Fri 4 Dec 2026, Dinner · 6 guests · £60.00 paid']);
    const cancel = within(dialog).getByRole('radio', { name: 'Cancel them and erase now' });
    expect(cancel).toHaveAccessibleDescription(GUEST_DATA_MESSAGES.occasionCancelFirst(['OCC-TEST03']));

    await user.click(cancel);
    // An occasion's money is not a Christmas deposit: nothing asks whether to refund or keep it here.
    expect(within(dialog).queryByRole('radio', { name: 'Keep the deposit' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bookings and erase' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      GUEST_DATA_MESSAGES.occasionCancelFirst(['OCC-TEST03']),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const later = within(dialog).getByRole('radio', { name: 'Erase after the visit' });
    expect(later).toHaveAccessibleDescription(
      GUEST_DATA_MESSAGES.eraseAfterVisitHint('Saturday 5 December 2026'),
    );
    await user.click(later);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule the erasure' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { q: EMAIL, upcoming: 'erase-after-visit', deposit: null },
      ]),
    );
  });

  it('says so when the erasure fails, and keeps showing the data', async () => {
    stubServer({ failErase: true });
    renderRoute('/admin/guests');
    const { user } = await askToErase(EMAIL);
    await user.click(screen.getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database said no.');
    expect(screen.getByRole('region', { name: /^Table bookings/ })).toBeVisible();
  });

  it('is not offered to a manager', async () => {
    stubServer({ role: 'manager' });
    renderRoute('/admin/bookings');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).queryByRole('link', { name: 'Guest data' })).not.toBeInTheDocument();
  });
});
