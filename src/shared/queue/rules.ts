import { BOOKING_MESSAGES, isPlausiblePhone, SIMPLE_EMAIL_PATTERN } from '../booking/validation.ts';
import type { FieldIssue } from '../schema/issues.ts';
import { QUEUE_MESSAGES } from './messages.ts';

/** A party to add to the queue, as the rule reads it: the counts already numbers. */
export interface QueueAddInput {
  name: string;
  phone: string;
  email: string;
  partyAdults: number;
  partyChildren: number;
}

/**
 * What is wrong with a party staff add to the queue, each on its field, shared by the staff form and the
 * server: a name, a phone or an e-mail to tell them (each of the shape of one when given), at least one guest.
 */
export function queueAddIssues(input: QueueAddInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const phone = input.phone.trim();
  const email = input.email.trim();
  if (input.name.trim() === '') issues.push({ path: 'name', message: QUEUE_MESSAGES.name });
  if (phone === '' && email === '') issues.push({ path: 'phone', message: QUEUE_MESSAGES.contact });
  if (phone !== '' && !isPlausiblePhone(phone)) {
    issues.push({ path: 'phone', message: BOOKING_MESSAGES.phoneInvalid });
  }
  if (email !== '' && !SIMPLE_EMAIL_PATTERN.test(email)) {
    issues.push({ path: 'email', message: BOOKING_MESSAGES.email });
  }
  if (!(input.partyAdults + input.partyChildren >= 1)) {
    issues.push({ path: 'partyAdults', message: QUEUE_MESSAGES.partyEmpty });
  }
  return issues;
}
