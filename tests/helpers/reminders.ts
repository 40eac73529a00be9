import type { ParsedMail } from './mime.ts';
import { mailInOutboxFolder } from './outbox.ts';
import type { TestApp } from './test-app.ts';

/** Sunday 22 November 2026, midday in London (GMT): the reminder suites book their tables now. */
export const BOOKED_AT = new Date('2026-11-22T12:00:00Z');
export const TUESDAY = '2026-12-08';
/** When Tuesday's 7pm table starts (GMT). */
export const TUESDAY_7PM = new Date('2026-12-08T19:00:00Z');

const HOUR_MS = 60 * 60 * 1000;

export const hoursBefore = (instant: Date, hours: number, minutes = 0) =>
  new Date(instant.getTime() - hours * HOUR_MS - minutes * 60_000);

export const isReminder = (mail: ParsedMail) => mail.subject.startsWith('Reminder:');

/** The reminders delivered so far, oldest first. */
export async function remindersSent(t: TestApp): Promise<ParsedMail[]> {
  return (await mailInOutboxFolder(t)).filter(isReminder);
}
