import type { BookingRequest } from '#shared/booking/schemas.ts';

/*
 * What the booking form hands over when a guest turns a large party into an enquiry: a module of its own, so
 * the booking page loads the enquiry form (and the forms library) only when a guest asks for it.
 */

export interface EnquiryFormValues {
  name: string;
  phone: string;
  email: string;
  preferredDate: string;
  preferredTime: string;
  partySize: string;
  notes: string;
}

/** What a guest had typed into the booking form, as the booking form holds it. */
export type BookingDraft = Pick<
  BookingRequest,
  | 'name'
  | 'phone'
  | 'email'
  | 'date'
  | 'timeSlot'
  | 'hasAccessibilityNeeds'
  | 'accessibilityNotes'
  | 'occasion'
  | 'occasionNotes'
  | 'allergies'
  | 'specialNotes'
>;

/** The enquiry a guest starts from the booking form: everything they typed there, their notes gathered into one. */
export function enquiryFromBooking(draft: BookingDraft, guests: number): EnquiryFormValues {
  const occasion = [draft.occasion, draft.occasionNotes.trim()].filter(Boolean).join(' — ');
  const notes = [
    draft.occasion !== 'None' ? `Occasion: ${occasion}` : '',
    draft.hasAccessibilityNeeds ? `Accessibility: ${draft.accessibilityNotes.trim() || 'yes'}` : '',
    draft.allergies.trim() ? `Allergies: ${draft.allergies.trim()}` : '',
    draft.specialNotes.trim(),
  ];
  return {
    name: draft.name,
    phone: draft.phone,
    email: draft.email,
    preferredDate: draft.date,
    preferredTime: draft.timeSlot,
    partySize: Number.isInteger(guests) ? String(guests) : '',
    notes: notes.filter(Boolean).join('\n'),
  };
}
