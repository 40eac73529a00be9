import { makeGuestRecords, makeOtherGuestBooking, staffCookie } from '#tests/helpers/guest-records.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

/**
 * On a fresh app (at BOOKED_AT): its first retention run behind it, the guest's records and another guest's
 * booking made and their mail sent. Answers the staff cookie the records were made with.
 */
export async function withGuestRecords(t: TestApp): Promise<string> {
  await t.app.retention.runDue();
  const cookie = await staffCookie(t);
  await makeGuestRecords(t, cookie);
  await makeOtherGuestBooking(t);
  await deliverQueuedMail(t.app);
  return cookie;
}
