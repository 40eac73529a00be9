import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { admins, auditEvents, outboxMessages, staffTokens } from '#db/schema.ts';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import type { StaffAccount } from '#shared/staff/accounts.ts';
import { NO_ACCESS, type StaffRole } from '#shared/staff/roles.ts';
import { createTestAdmin, signIn, TEST_ADMIN } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { mailedLinks } from '#tests/helpers/mailed-links.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { sessionCookieOf } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { changeStaff } from './accounts.ts';

const HOUR = 60 * 60 * 1000;
const START = new Date('2026-06-02T08:00:00Z');
const PASSWORD = 'a password of my own';
const INVITE_LINK = /https:\/\/pub\.test\/admin\/invite\/([\w-]{43})/;

describe.each(databaseTargets)('staff accounts on $name', (target) => {
  const t = useTestApp(target, START);
  let owner: string;
  let ownerId: string;
  let people = 0;

  const as = (cookie: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const linkMailedTo = mailedLinks(t);

  function newPerson() {
    people += 1;
    return { email: `person${people}@pub.test`, name: `Person ${people}` };
  }

  async function invite(role: StaffRole = 'staff') {
    const person = newPerson();
    const response = await as(owner, 'POST', '/api/admin/staff', { ...person, role });
    expect(response.statusCode).toBe(201);
    const account = response.json<StaffAccount>();
    return { ...person, id: account.id, token: await linkMailedTo(person.email, INVITE_LINK) };
  }

  async function join(role: StaffRole = 'staff') {
    const invited = await invite(role);
    const accepted = await as(undefined, 'POST', '/api/auth/invite/accept', {
      token: invited.token,
      password: PASSWORD,
    });
    expect(accepted.statusCode).toBe(200);
    return { ...invited, cookie: sessionCookieOf(accepted) };
  }

  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  const auditOf = (type: string, subjectId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, subjectId))
      .then((rows) => rows.filter((row) => row.type === type));

  beforeAll(async () => {
    await createTestAdmin(t);
    owner = await signIn(t);
    const [row] = await t.database.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
    ownerId = row?.id ?? '';
  });

  it('invites a person, who chooses a password through the e-mailed link and is signed in', async () => {
    const person = newPerson();
    const invited = await as(owner, 'POST', '/api/admin/staff', {
      email: ` ${person.email.toUpperCase()} `,
      name: person.name,
      role: 'manager',
    });
    expect(invited.statusCode).toBe(201);
    const account = invited.json<StaffAccount>();
    expect(account).toMatchObject({
      email: person.email,
      name: person.name,
      role: 'manager',
      disabled: false,
      twoStepOn: false,
      invitationPending: true,
      lastLoginAt: null,
    });
    const [stored] = await t.database.db.select().from(admins).where(eq(admins.id, account.id));
    expect(stored?.passwordHash).toBeNull();

    const token = await linkMailedTo(person.email, INVITE_LINK);
    const [mail] = (await mailInOutboxFolder(t)).filter((sent) =>
      sent.headers.get('to')?.includes(person.email),
    );
    expect(mail?.subject).toBe('You’re invited to the staff admin of The Rose & Crown');
    // The test admin's name is its address's first half, as an account's is until it is given one.
    expect(mail?.text).toContain(`${TEST_ADMIN.email} has invited you`);
    expect(mail?.text).toContain('The link works once, for 72 hours.');
    expect(mail?.html).toContain(`/admin/invite/${token}`);
    const tokens = await t.database.db.select().from(staffTokens).where(eq(staffTokens.adminId, account.id));
    expect(tokens.map((row) => row.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(tokens[0]?.expiresAt).toEqual(new Date(START.getTime() + 72 * HOUR));

    const greeting = await as(undefined, 'GET', `/api/auth/invite/${token}`);
    expect(greeting.statusCode).toBe(200);
    expect(greeting.json()).toEqual({ name: person.name, email: person.email });

    const tooShort = await as(undefined, 'POST', '/api/auth/invite/accept', { token, password: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toEqual({ error: 'The password must be at least 10 characters long.' });

    const accepted = await as(undefined, 'POST', '/api/auth/invite/accept', { token, password: PASSWORD });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email: person.email, name: person.name, role: 'manager' });
    const me = await as(sessionCookieOf(accepted), 'GET', '/api/auth/me');
    expect(me.json()).toMatchObject({ email: person.email, role: 'manager' });

    const again = await as(undefined, 'POST', '/api/auth/invite/accept', { token, password: PASSWORD });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: STAFF_ACCOUNT_MESSAGES.inviteLinkUnusable });
    expect((await as(undefined, 'GET', `/api/auth/invite/${token}`)).statusCode).toBe(404);
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);

    const listed = (await as(owner, 'GET', '/api/admin/staff')).json<StaffAccount[]>();
    expect(listed.find((entry) => entry.id === account.id)).toMatchObject({
      invitationPending: false,
      lastLoginAt: START.toISOString(),
    });

    const [invitedEntry] = await auditOf('staff.invited', account.id);
    expect(invitedEntry).toMatchObject({ actorKind: 'staff', actorId: ownerId, actorName: 'landlord' });
    expect(invitedEntry?.changes).toEqual({ role: { before: null, after: 'manager' } });
    const [joinedEntry] = await auditOf('staff.joined', account.id);
    expect(joinedEntry).toMatchObject({ actorKind: 'staff', actorId: account.id, actorName: person.name });
  });

  it('refuses an invitation link once it has expired', async () => {
    const invited = await invite();
    t.setNow(new Date(START.getTime() + 72 * HOUR));
    try {
      expect((await as(undefined, 'GET', `/api/auth/invite/${invited.token}`)).statusCode).toBe(404);
      const accepted = await as(undefined, 'POST', '/api/auth/invite/accept', {
        token: invited.token,
        password: PASSWORD,
      });
      expect(accepted.statusCode).toBe(404);
      expect(accepted.headers['set-cookie']).toBeUndefined();
    } finally {
      t.setNow(START);
    }
  });

  it('sends a fresh link when a pending address is invited again, and refuses an address with an account', async () => {
    const invited = await invite('staff');
    const again = await as(owner, 'POST', '/api/admin/staff', {
      email: invited.email,
      name: invited.name,
      role: 'manager',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: invited.id, role: 'manager', invitationPending: true });
    const fresh = await linkMailedTo(invited.email, INVITE_LINK, 2);
    expect((await as(undefined, 'GET', `/api/auth/invite/${invited.token}`)).statusCode).toBe(404);
    expect((await as(undefined, 'GET', `/api/auth/invite/${fresh}`)).statusCode).toBe(200);

    const taken = await as(owner, 'POST', '/api/admin/staff', {
      email: TEST_ADMIN.email,
      name: 'Someone',
      role: 'staff',
    });
    expect(taken.statusCode).toBe(409);
    const alreadyActive = STAFF_ACCOUNT_MESSAGES.alreadyActive(TEST_ADMIN.email);
    expect(taken.json()).toEqual({
      error: alreadyActive,
      issues: [{ path: 'email', message: alreadyActive }],
    });
  });

  it('checks what the owner types', async () => {
    const noName = await as(owner, 'POST', '/api/admin/staff', {
      email: 'x@pub.test',
      name: ' ',
      role: 'staff',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ error: 'Please give their name.' });
    const badEmail = await as(owner, 'POST', '/api/admin/staff', { email: 'nope', name: 'X', role: 'staff' });
    expect(badEmail.json()).toMatchObject({ error: 'Please give a valid e-mail address.' });
    const badRole = await as(owner, 'PATCH', `/api/admin/staff/${ownerId}`, { role: 'boss' });
    expect(badRole.statusCode).toBe(400);
    const unknown = await as(owner, 'PATCH', '/api/admin/staff/not-an-id', { role: 'staff' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: STAFF_ACCOUNT_MESSAGES.notFound });
  });

  it('lets only the owner see and change accounts', async () => {
    const manager = await join('manager');
    for (const response of [
      await as(manager.cookie, 'GET', '/api/admin/staff'),
      await as(manager.cookie, 'POST', '/api/admin/staff', { ...newPerson(), role: 'staff' }),
      await as(manager.cookie, 'PATCH', `/api/admin/staff/${manager.id}`, { role: 'owner' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: NO_ACCESS });
    }
  });

  it('changes a role, which the next request already obeys', async () => {
    const member = await join('staff');
    expect((await as(member.cookie, 'GET', '/api/events')).statusCode).toBe(403);
    const changed = await as(owner, 'PATCH', `/api/admin/staff/${member.id}`, { role: 'manager' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'manager' });
    expect((await as(member.cookie, 'GET', '/api/events')).statusCode).toBe(200);
    const [entry] = await auditOf('staff.changed', member.id);
    expect(entry).toMatchObject({ actorId: ownerId, summary: `${member.name}: Staff → Manager` });
    expect(entry?.changes).toEqual({ role: { before: 'staff', after: 'manager' } });
  });

  it('disables an account: its sessions end at once and it cannot sign in until enabled', async () => {
    const member = await join('staff');
    const second = sessionCookieOf(await login(member.email, PASSWORD));
    const disabled = await as(owner, 'PATCH', `/api/admin/staff/${member.id}`, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true });
    for (const cookie of [member.cookie, second]) {
      expect((await as(cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
    }
    expect((await login(member.email, PASSWORD)).statusCode).toBe(401);

    const enabled = await as(owner, 'PATCH', `/api/admin/staff/${member.id}`, { disabled: false });
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
    const entries = await auditOf('staff.changed', member.id);
    expect(entries.map((entry) => entry.changes)).toEqual([
      { disabled: { before: false, after: true } },
      { disabled: { before: true, after: false } },
    ]);
  });

  it('never lets the owner disable or demote themself', async () => {
    for (const change of [{ disabled: true }, { role: 'manager' }]) {
      const response = await as(owner, 'PATCH', `/api/admin/staff/${ownerId}`, change);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: STAFF_ACCOUNT_MESSAGES.notYourself });
    }
    expect((await as(owner, 'GET', '/api/auth/me')).json()).toMatchObject({ role: 'owner' });
  });

  it('keeps the last active owner one', async () => {
    const owners = await t.database.db.select().from(admins).where(eq(admins.role, 'owner'));
    expect(owners).toHaveLength(1);
    const someoneElse = {
      id: '00000000-0000-4000-8000-000000000000',
      email: 'x@pub.test',
      name: 'X',
      role: 'owner',
    } as const;
    for (const change of [{ disabled: true }, { role: 'staff' as const }]) {
      await expect(
        changeStaff(t.database.db, ownerId, change, { by: someoneElse, now: START }),
      ).rejects.toThrow(STAFF_ACCOUNT_MESSAGES.lastOwner);
    }
  });

  it('leaves an owner when two owners demote each other at once', async () => {
    const partner = await join('owner');
    const [first, second] = await Promise.all([
      as(owner, 'PATCH', `/api/admin/staff/${partner.id}`, { role: 'staff' }),
      as(partner.cookie, 'PATCH', `/api/admin/staff/${ownerId}`, { role: 'staff' }),
    ]);
    expect([first?.statusCode, second?.statusCode].filter((status) => status === 200)).toHaveLength(1);
    const rows = await t.database.db.select().from(admins).where(eq(admins.role, 'owner'));
    expect(rows.map((row) => row.id).filter((id) => [ownerId, partner.id].includes(id))).toHaveLength(1);
    // Put things back for the suites after this one.
    const remaining = rows.some((row) => row.id === ownerId) ? owner : partner.cookie;
    const other = remaining === owner ? partner.id : ownerId;
    expect((await as(remaining, 'PATCH', `/api/admin/staff/${other}`, { role: 'owner' })).statusCode).toBe(
      200,
    );
  });

  it('answers "forgot" alike for any address and e-mails a one-hour link only to an enabled account', async () => {
    const member = await join('staff');
    const disabled = await join('staff');
    await as(owner, 'PATCH', `/api/admin/staff/${disabled.id}`, { disabled: true });
    const before = await t.database.db.select().from(outboxMessages);

    for (const email of ['nobody@pub.test', disabled.email, member.email]) {
      const response = await as(undefined, 'POST', '/api/auth/forgot', { email });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: STAFF_ACCOUNT_MESSAGES.resetRequested(email) });
    }
    await t.app.afterResponse.settled();
    const queued = (await t.database.db.select().from(outboxMessages)).filter(
      (row) => !before.some((earlier) => earlier.id === row.id),
    );
    expect(queued.map((row) => row.kind)).toEqual(['staff-password-reset']);
    expect(JSON.stringify(queued[0]?.message)).toContain(member.email);
  });

  // A lock held on another connection needs a second one: PGlite has only one.
  it.skipIf(target.name !== 'postgres')(
    'answers "forgot" without waiting for the address to be looked up, then queues the e-mail',
    async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      onTestFinished(release);
      let holding = () => {};
      const lockHeld = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE admins IN ACCESS EXCLUSIVE MODE`);
        holding();
        await released;
      });
      await lockHeld;
      const before = await t.database.db.select({ id: outboxMessages.id }).from(outboxMessages);

      // No account can be looked up until the lock goes, and it goes only once the answer has come.
      const response = await as(undefined, 'POST', '/api/auth/forgot', { email: TEST_ADMIN.email });
      expect(response.statusCode).toBe(202);
      release();
      await holder;
      await t.app.afterResponse.settled();
      const queued = (await t.database.db.select().from(outboxMessages)).filter(
        (row) => !before.some((earlier) => earlier.id === row.id),
      );
      expect(queued.map((row) => row.kind)).toEqual(['staff-password-reset']);
      expect(JSON.stringify(queued[0]?.message)).toContain(TEST_ADMIN.email);
    },
  );

  it('resets a password through the e-mailed link, ending every session of the account', async () => {
    const member = await join('staff');
    const other = sessionCookieOf(await login(member.email, PASSWORD));
    await as(undefined, 'POST', '/api/auth/forgot', { email: member.email });
    const token = await linkMailedTo(member.email, /\/admin\/reset\/([\w-]{43})/, 2);

    const reset = await as(undefined, 'POST', '/api/auth/reset', { token, password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: STAFF_ACCOUNT_MESSAGES.passwordChanged });
    expect(reset.headers['set-cookie']).toBeUndefined();
    for (const cookie of [member.cookie, other]) {
      expect((await as(cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
    }
    expect((await login(member.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(member.email, 'a brand new password')).statusCode).toBe(200);

    const reused = await as(undefined, 'POST', '/api/auth/reset', {
      token,
      password: 'yet another password',
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toEqual({ error: STAFF_ACCOUNT_MESSAGES.resetLinkUnusable });
    const [entry] = await auditOf('staff.password-reset', member.id);
    expect(entry).toMatchObject({ actorKind: 'staff', actorId: member.id, actorName: member.name });
  });

  it('refuses a reset link after its hour', async () => {
    const member = await join('staff');
    await as(undefined, 'POST', '/api/auth/forgot', { email: member.email });
    const token = await linkMailedTo(member.email, /\/admin\/reset\/([\w-]{43})/, 2);
    t.setNow(new Date(START.getTime() + HOUR));
    try {
      const reset = await as(undefined, 'POST', '/api/auth/reset', {
        token,
        password: 'a brand new password',
      });
      expect(reset.statusCode).toBe(404);
      expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
    } finally {
      t.setNow(START);
    }
  });

  it('refuses the links’ forms posted from another site', async () => {
    for (const url of ['/api/auth/invite/accept', '/api/auth/reset', '/api/auth/forgot']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { token: 'x', password: PASSWORD, email: 'x@pub.test' },
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
