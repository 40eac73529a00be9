import { MAX_ONLINE_PARTY } from '../booking/online-limit.ts';
import { BOOKING_MESSAGES, isPlausiblePhone, SIMPLE_EMAIL_PATTERN } from '../booking/validation.ts';
import { isRealIsoDate, TIME_PATTERN } from '../time/london-time.ts';
import { ENQUIRY_MESSAGES, ENQUIRY_PARTY } from './messages.ts';

export interface EnquiryCheckInput {
  /** The hidden spam field: people leave it empty. */
  website: string;
  name: string;
  phone: string;
  email: string;
  preferredDate: string;
  preferredTime: string;
  partySize: number;
}

export type EnquiryField = 'name' | 'phone' | 'email' | 'preferredDate' | 'preferredTime' | 'partySize';

export interface EnquiryProblem {
  message: string;
  /** The field to mark and focus; none for the spam check. */
  field: EnquiryField | null;
}

/**
 * A large-party enquiry's checks in the form's order, the first failure winning; shared by the form and the
 * server. The contact fields follow the table booking's rules and words; the time may be any time of day (the
 * pub answers it), the day today or later, the party too large to book online and small enough to seat.
 */
export function checkEnquiry(input: EnquiryCheckInput, today: string): EnquiryProblem | null {
  const problem = (field: EnquiryField | null, message: string): EnquiryProblem => ({ field, message });
  if (input.website.trim() !== '') return problem(null, BOOKING_MESSAGES.spam);
  if (input.name.trim() === '') return problem('name', BOOKING_MESSAGES.name);
  if (input.phone.trim() === '') return problem('phone', BOOKING_MESSAGES.phone);
  if (!isPlausiblePhone(input.phone.trim())) return problem('phone', BOOKING_MESSAGES.phoneInvalid);
  if (!SIMPLE_EMAIL_PATTERN.test(input.email.trim())) return problem('email', BOOKING_MESSAGES.email);
  if (!isRealIsoDate(input.preferredDate)) return problem('preferredDate', BOOKING_MESSAGES.date);
  if (input.preferredDate < today) return problem('preferredDate', BOOKING_MESSAGES.datePast);
  if (!TIME_PATTERN.test(input.preferredTime)) return problem('preferredTime', BOOKING_MESSAGES.time);
  const guests = input.partySize;
  if (Number.isInteger(guests) && guests >= 1 && guests <= MAX_ONLINE_PARTY) {
    return problem('partySize', ENQUIRY_MESSAGES.partyBookOnline);
  }
  if (!Number.isInteger(guests) || guests < ENQUIRY_PARTY.min || guests > ENQUIRY_PARTY.max) {
    return problem('partySize', ENQUIRY_MESSAGES.party);
  }
  return null;
}
