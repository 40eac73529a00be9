import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { staffSettings } from '#db/schema.ts';
import { type StaffSettings, staffSettingsSchema } from '#shared/staff/two-step-schemas.ts';

const SETTINGS_KEY = 'staff';
const DEFAULT_SETTINGS: StaffSettings = { requireTwoStep: false };

/** The owner's staff settings; the defaults until the owner first saves them. */
export async function readStaffSettings(db: Database): Promise<StaffSettings> {
  const [row] = await db
    .select({ value: staffSettings.value })
    .from(staffSettings)
    .where(eq(staffSettings.key, SETTINGS_KEY))
    .limit(1);
  const stored = staffSettingsSchema.safeParse(row?.value);
  return stored.success ? stored.data : DEFAULT_SETTINGS;
}

export async function writeStaffSettings(tx: Database, settings: StaffSettings, now: Date): Promise<void> {
  await tx
    .insert(staffSettings)
    .values({ key: SETTINGS_KEY, value: settings, updatedAt: now })
    .onConflictDoUpdate({ target: staffSettings.key, set: { value: settings, updatedAt: now } });
}
