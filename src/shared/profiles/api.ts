import { z } from 'zod';
import { dateField, textField } from '../schema/fields.ts';
import { PROFILE_MESSAGES } from './messages.ts';
import { MAX_TAGS, NOTE_MAX_LENGTH, TAG_MAX_LENGTH } from './rules.ts';

/**
 * A guest's profile as staff see it (issue 32): who they are (from their newest booking), what staff keep on them
 * (tags and a note), and their visits counted from every booking under their e-mail, and under the phone numbers
 * staff confirmed as theirs (a phone booking made without an e-mail). Only managers and owners see profiles.
 */

export const PROFILE_VISIT_KINDS = ['table', 'christmas', 'occasion', 'standby'] as const;
export type ProfileVisitKind = (typeof PROFILE_VISIT_KINDS)[number];

export const profileVisitSchema = z.object({
  kind: z.enum(PROFILE_VISIT_KINDS),
  reference: z.string(),
  date: z.string(),
  /** HH:MM, or null where the record has no time of its own. */
  time: z.string().nullable(),
  partySize: z.int(),
  /** The record's status as staff read it ("Confirmed", "Cancelled by the guest", "No-show", "Waiting"…). */
  status: z.string(),
});
export type ProfileVisit = z.infer<typeof profileVisitSchema>;

export const profileCountsSchema = z.object({
  /** Past table, Christmas and occasion bookings not cancelled and not no-shows. */
  visits: z.int(),
  noShows: z.int(),
  /** Cancelled by the guest less than LATE_CANCELLATION_HOURS before the visit. */
  lateCancellations: z.int(),
  cancellations: z.int(),
  /** Bookings still to come. */
  upcoming: z.int(),
});
export type ProfileCounts = z.infer<typeof profileCountsSchema>;

export const guestProfileSchema = z.object({
  email: z.string(),
  /** The name on the guest's newest booking. */
  name: z.string(),
  /** The numbers on their bookings, and those staff confirmed. */
  phones: z.array(z.string()),
  tags: z.array(z.string()),
  note: z.string(),
  noteMentionsHealth: z.boolean(),
  noteBy: z.string().nullable(),
  noteAt: z.string().nullable(),
  counts: profileCountsSchema,
  /** Newest first, at most 50. */
  history: z.array(profileVisitSchema),
  /**
   * Bookings made without an e-mail whose phone is one of this guest's and which staff have not yet confirmed as
   * theirs: staff confirm the number to count them (POST /api/admin/profiles/phones).
   */
  phoneOnlyMatches: z.array(
    z.object({ reference: z.string(), date: z.string(), name: z.string(), phone: z.string() }),
  ),
});
export type GuestProfile = z.infer<typeof guestProfileSchema>;

/** GET /api/admin/profiles?email= or ?phone=: the guest's profile, found by e-mail, or by a phone on their bookings. */
export const profileLookupQuerySchema = z
  .object({
    email: z.string().max(254).optional(),
    phone: z.string().max(30).optional(),
  })
  .refine((query) => Boolean(query.email?.trim() || query.phone?.trim()), {
    message: 'Please give an e-mail address or a phone number.',
    path: ['email'],
  });
export type ProfileLookupQuery = z.infer<typeof profileLookupQuerySchema>;

/** The answer of a lookup: null when no booking and no profile has that e-mail (or phone). */
export const profileLookupAnswerSchema = z.object({ profile: guestProfileSchema.nullable() });

/** PUT /api/admin/profiles?email=: the tags and the note staff keep (the whole of both). */
export const profileUpdateSchema = z.object(
  {
    tags: z
      .array(
        z.string().trim().min(1, PROFILE_MESSAGES.tagEmpty).max(TAG_MAX_LENGTH, PROFILE_MESSAGES.tagTooLong),
      )
      .max(MAX_TAGS, PROFILE_MESSAGES.tooManyTags),
    note: textField('Note', NOTE_MAX_LENGTH, { multiline: true }),
  },
  { error: 'Please send the profile as a JSON object.' },
);
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** The query of PUT /api/admin/profiles and POST /api/admin/profiles/phones: whose profile. */
export const profileEmailQuerySchema = z.object({
  email: z
    .string({ error: PROFILE_MESSAGES.emailMissing })
    .trim()
    .min(1, PROFILE_MESSAGES.emailMissing)
    .max(254, PROFILE_MESSAGES.emailMissing),
});

/** POST /api/admin/profiles/phones?email=: staff confirm a phone booking without an e-mail is this guest's. */
export const profilePhoneSchema = z.object({ phone: textField('Phone', 30) });

/** What the day view and the drawer show beside a booking: the guest's tags and note (managers and owners only). */
export const profileNoteSchema = z.object({
  email: z.string(),
  /** The numbers staff confirmed as the guest's, as `phoneKey`s: a booking without an e-mail whose phoneKey is one. */
  phones: z.array(z.string()),
  tags: z.array(z.string()),
  note: z.string(),
  noteMentionsHealth: z.boolean(),
  visits: z.int(),
  noShows: z.int(),
});
export type ProfileNote = z.infer<typeof profileNoteSchema>;

export const profileNotesQuerySchema = z.object({ date: dateField('date') });

/** GET /api/admin/profiles/notes?date=: the notes of the guests booked on that date who have a tag or a note. */
export const profileNotesAnswerSchema = z.object({ date: z.string(), notes: z.array(profileNoteSchema) });
export type ProfileNotesAnswer = z.infer<typeof profileNotesAnswerSchema>;
