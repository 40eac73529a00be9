import { z } from 'zod';
import { plainText, textField, textProblem, textProblemMessage, tooLongMessage } from '../schema/fields.ts';
import { ISO_DATE_PATTERN, isRealIsoDate, TIME_PATTERN } from '../time/london-time.ts';
import { DEFAULT_EVENT_COVERS, DEFAULT_EVENT_CTA_LABEL, SLUG_PATTERN, splitCommaList } from './event.ts';
import { isValidCover, EVENT_FIELD_LIMITS as LIMITS, EVENT_MESSAGES as MESSAGES } from './form.ts';

/**
 * An event as the API answers it (spec §3), and as the bundled fallback list stores it; the browser never
 * loads zod, so the web imports the type only.
 */
export const publicEventSchema = z.object({
  _id: z.string(),
  title: z.string().min(1).max(LIMITS.title),
  slug: z.string().regex(SLUG_PATTERN).max(LIMITS.slug),
  /** YYYY-MM-DD, London */
  date: z.string().regex(ISO_DATE_PATTERN),
  /** HH:mm, London */
  time: z.string().regex(TIME_PATTERN),
  tags: z.array(z.string().max(LIMITS.tag)).max(LIMITS.tags),
  /** A URL or an /images/… path; empty for none. */
  cover: z.string().max(LIMITS.cover),
  badges: z.array(z.string().max(LIMITS.badge)).max(LIMITS.badges),
  summary: z.string().max(LIMITS.summary),
  isMajor: z.boolean(),
  cta: z.object({ label: z.string().max(LIMITS.ctaLabel) }),
  /** Guests book a table for the event at its own time, within `bookingCovers` (issue 17). */
  takesBookings: z.boolean(),
  bookingCovers: z.int().min(1).max(LIMITS.bookingCovers),
  /** For an event that takes no bookings: how to come; empty for the default. */
  howToCome: z.string().max(LIMITS.howToCome),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** Sent as "a, b" or as a list: split on commas, trimmed, blanks dropped (spec §5 Event form). */
function commaList(label: string, maxItems: number, maxLength: number) {
  return z
    .union([z.string(), z.array(z.string())], { error: `${label} must be text or a list of text.` })
    .nullish()
    .transform((value) => (Array.isArray(value) ? value : [value ?? '']).flatMap(splitCommaList))
    .refine((items) => items.length <= maxItems, `${label}: ${maxItems} at most.`)
    .refine(
      (items) => items.every((item) => item.length <= maxLength),
      `${label}: each one ${maxLength} characters at most.`,
    )
    .superRefine((items, context) => {
      const problem = items.map((item) => textProblem(item)).find((found) => found !== undefined);
      if (problem) context.addIssue({ code: 'custom', message: textProblemMessage(label, problem) });
    });
}

/** The body of POST /api/events and PUT /api/events/:id: the admin event form. */
export const eventInputSchema = z
  .object(
    {
      title: plainText(
        z
          .string({ error: MESSAGES.title })
          .trim()
          .min(1, MESSAGES.title)
          .max(LIMITS.title, tooLongMessage('Title', LIMITS.title)),
        'Title',
      ),
      slug: z
        .string({ error: MESSAGES.slug })
        .trim()
        .max(LIMITS.slug, tooLongMessage('Slug', LIMITS.slug))
        .regex(SLUG_PATTERN, MESSAGES.slug),
      date: z.string({ error: MESSAGES.date }).refine(isRealIsoDate, MESSAGES.date),
      time: z.string({ error: MESSAGES.time }).regex(TIME_PATTERN, MESSAGES.time),
      tags: commaList('Tags', LIMITS.tags, LIMITS.tag),
      badges: commaList('Badges', LIMITS.badges, LIMITS.badge),
      cover: textField('Cover', LIMITS.cover).refine(isValidCover, MESSAGES.cover),
      summary: textField('Summary', LIMITS.summary, { multiline: true }),
      isMajor: z
        .boolean({ error: 'Major must be true or false.' })
        .nullish()
        .transform((value) => value ?? false),
      cta: z
        .object({ label: textField('Button label', LIMITS.ctaLabel) }, { error: 'cta must be an object.' })
        .nullish(),
      takesBookings: z
        .boolean({ error: 'Takes bookings must be true or false.' })
        .nullish()
        .transform((value) => value ?? false),
      bookingCovers: z
        .int({ error: MESSAGES.bookingCovers })
        .min(1, MESSAGES.bookingCovers)
        .max(LIMITS.bookingCovers, MESSAGES.bookingCovers)
        .nullish()
        .transform((value) => value ?? DEFAULT_EVENT_COVERS),
      howToCome: textField('How to come', LIMITS.howToCome),
    },
    { error: 'Please send the event as a JSON object.' },
  )
  .transform(({ cta, ...event }) => ({ ...event, ctaLabel: cta?.label || DEFAULT_EVENT_CTA_LABEL }));

export type EventInput = z.output<typeof eventInputSchema>;
/** What the admin event form sends: tags and badges as typed, the server splits them. */
export type EventPayload = z.input<typeof eventInputSchema>;
