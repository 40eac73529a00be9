import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#shared/audit/types.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { signedInAs } from '#tests/helpers/signed-in-staff.ts';

const SAM_ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

const ENTRIES: AuditEntry[] = [
  {
    id: 2,
    at: '2026-12-01T19:05:00.000Z',
    actorKind: 'staff',
    actorId: SAM_ID,
    actorName: 'Sam',
    type: 'booking.changed',
    subjectType: 'booking',
    subjectId: 'b1',
    summary: 'RC-ABC234, 3 guests, Tuesday 8 December 2026 at 7pm: changed',
    changes: {
      partyAdults: { before: 2, after: 3 },
      allergies: { before: '(personal data)', after: '(personal data)' },
    },
  },
  {
    id: 1,
    at: '2026-12-01T10:00:00.000Z',
    actorKind: 'guest',
    actorId: null,
    actorName: 'Guest',
    type: 'booking.created',
    subjectType: 'booking',
    subjectId: 'b1',
    summary: 'RC-ABC234, 2 guests, Tuesday 8 December 2026 at 7pm (online)',
    changes: null,
  },
];

/** A signed-in admin's server holding two entries of the trail; `staffList` false: the accounts list fails. */
function stubServer({ role = 'owner', staffList = true }: { role?: StaffRole; staffList?: boolean } = {}) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://pub.test');
      asked.push(url);
      if (url.pathname === '/api/auth/me') return Response.json(signedInAs(role));
      if (url.pathname === '/api/admin/staff' && staffList) {
        return Response.json([
          {
            id: SAM_ID,
            email: 'sam@pub.test',
            name: 'Sam Weller',
            role: 'staff',
            disabled: false,
            twoStepOn: false,
            invitationPending: false,
            lastLoginAt: null,
          },
        ]);
      }
      if (url.pathname === '/api/admin/audit') {
        const actor = url.searchParams.get('actor');
        const entries = ENTRIES.filter((entry) => !actor || entry.actorId === actor);
        return Response.json({ entries, hasMore: url.searchParams.get('page') === '1' });
      }
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  return { auditQueries: () => asked.filter((url) => url.pathname === '/api/admin/audit') };
}

afterEach(() => vi.unstubAllGlobals());

describe('the activity page', () => {
  it('lists each change newest first: when, who, what, and its fields before and after', async () => {
    stubServer();
    renderRoute('/admin/activity');
    // The first test waits for the admin's chunk too.
    const list = await screen.findByRole('list', { name: 'Changes, newest first' }, { timeout: 5000 });
    const [changed, made] = [...list.children];
    for (const text of [
      'Tuesday 1 December 2026, 7:05pm',
      'Sam · Booking changed',
      'RC-ABC234',
      'party adults: 2 → 3',
      'allergies: (personal data) → (personal data)',
    ]) {
      expect(changed).toHaveTextContent(text);
    }
    expect(made).toHaveTextContent('Guest · Booking made');
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by person, type and dates, and pages to older entries', async () => {
    const user = userEvent.setup();
    const server = stubServer();
    renderRoute('/admin/activity');
    await screen.findByRole('list', { name: 'Changes, newest first' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Person' }), 'Sam Weller');
    await user.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'Booking changed');
    await user.type(screen.getByLabelText('From'), '2026-12-01');
    await user.type(screen.getByLabelText('To'), '2026-12-02');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => {
      const last = server.auditQueries().at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
        actor: SAM_ID,
        type: 'booking.changed',
        from: '2026-12-01',
        to: '2026-12-02',
        page: '1',
      });
    });
    await user.click(await screen.findByRole('button', { name: 'Older' }));
    await vi.waitFor(() => expect(server.auditQueries().at(-1)?.searchParams.get('page')).toBe('2'));
    expect(await screen.findByRole('button', { name: 'Newer' })).toBeInTheDocument();
  });

  it('says under “To” when it comes before “From”, and asks nothing of the server', async () => {
    const user = userEvent.setup();
    const server = stubServer();
    renderRoute('/admin/activity');
    await screen.findByRole('list', { name: 'Changes, newest first' });
    const asked = server.auditQueries().length;
    await user.type(screen.getByLabelText('From'), '2026-12-02');
    await user.type(screen.getByLabelText('To'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const to = screen.getByLabelText('To');
    expect(to).toHaveAccessibleDescription('The “To” day must not be before the “From” day.');
    expect(to).toHaveFocus();
    expect(server.auditQueries()).toHaveLength(asked);
  });

  it('offers the people the trail names when the accounts list cannot be had', async () => {
    stubServer({ staffList: false });
    renderRoute('/admin/activity');
    await screen.findByRole('list', { name: 'Changes, newest first' });
    const person = screen.getByRole('combobox', { name: 'Person' });
    expect(
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Sam', 'Guests', 'The website (system)']);
  });

  it('is the owner’s alone: a manager is neither offered it nor shown it', async () => {
    const server = stubServer({ role: 'manager' });
    renderRoute('/admin/activity');
    expect(await screen.findByText(/You don.t have access to that/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
    expect(server.auditQueries()).toEqual([]);
  });
});
