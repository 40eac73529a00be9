import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { auditEvents } from '../../src/db/schema.ts';
import type { AuditPage } from '../../src/shared/audit/query.ts';
import type { AuditEntry } from '../../src/shared/audit/types.ts';
import type { StaffRole } from '../../src/shared/staff/roles.ts';
import { useTestApp } from './app-fixture.ts';
import { signedInAccount } from './staff-accounts.ts';
import type { TestDatabaseTarget } from './test-app.ts';

/** What no entry of the trail may ever hold: the personal data the audit suites' bookings carry. */
const PERSONAL_VALUES = [
  'Edith',
  'edith@example.com',
  '07700 900321',
  'Coeliac',
  'Window seat',
  'Margaret',
  'margaret',
  'Shellfish',
  'Hendersons',
];

export function expectNoPersonalData(entries: AuditEntry[]) {
  const written = JSON.stringify(entries);
  for (const value of PERSONAL_VALUES) expect(written).not.toContain(value);
}

/**
 * The audit suites' app, with its own images folder and an owner (Landlord), a manager (Morgan) and a member
 * of staff (Sam) signed in; each test starts at `now`.
 */
export function useAuditApp(target: TestDatabaseTarget, now: Date) {
  const imagesDir = mkdtempSync(join(tmpdir(), 'rose-crown-audit-images-'));
  const t = useTestApp(target, now, { env: { IMAGES_DIR: imagesDir } });
  const accounts = {} as Record<StaffRole, { id: string; cookie: string }>;

  beforeAll(async () => {
    accounts.owner = await signedInAccount(t, 'owner', 'Landlord');
    accounts.manager = await signedInAccount(t, 'manager', 'Morgan');
    accounts.staff = await signedInAccount(t, 'staff', 'Sam');
  });
  afterAll(() => rmSync(imagesDir, { recursive: true, force: true }));
  beforeEach(() => t.setNow(now));

  const as = (role: StaffRole, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: accounts[role].cookie },
      ...(payload ? { payload } : {}),
    });
  async function trail(query = ''): Promise<AuditPage> {
    const response = await as('owner', 'GET', `/api/admin/audit${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  return {
    t,
    accounts,
    as,
    trail,
    /** The entries about one subject, oldest first: those the owner's activity view lists are all there are. */
    async entriesAbout(subjectId: string): Promise<AuditEntry[]> {
      const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, subjectId));
      const entries = (await trail()).entries.filter((entry) => entry.subjectId === subjectId);
      expect(entries.map((entry) => entry.id).sort()).toEqual(rows.map((row) => row.id).sort());
      return entries.reverse();
    },
    auditCount: async () => (await t.database.db.select().from(auditEvents)).length,
  };
}
