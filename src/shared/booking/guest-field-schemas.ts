import { textField } from '../schema/fields.ts';
import { BOOKING_FIELD_LIMITS } from './validation.ts';

/**
 * The guest's fields as every booking body takes them (a table, an enquiry, Christmas Day; the guest's own
 * change): one limit and one message each, wherever the guest types them.
 */

/** The hidden spam field: people leave it empty. */
export const spamTrapField = textField('Website', 1000, { multiline: true });

export const guestContactFields = {
  name: textField('Name', BOOKING_FIELD_LIMITS.name),
  phone: textField('Phone', BOOKING_FIELD_LIMITS.phone),
  email: textField('Email', BOOKING_FIELD_LIMITS.email),
};

export const allergiesField = textField('Allergies', BOOKING_FIELD_LIMITS.allergies, { multiline: true });
export const occasionNotesField = textField('Occasion notes', BOOKING_FIELD_LIMITS.occasionNotes, {
  multiline: true,
});
export const specialNotesField = textField('Special notes', BOOKING_FIELD_LIMITS.specialNotes, {
  multiline: true,
});

/** The notes of a Christmas order: allergies, the occasion and anything else. */
export const guestNoteFields = {
  allergies: allergiesField,
  occasionNotes: occasionNotesField,
  specialNotes: specialNotesField,
};
