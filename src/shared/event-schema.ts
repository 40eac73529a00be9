import { z } from 'zod';
import { type PublicEvent, SLUG_PATTERN } from './event.ts';
import { ISO_DATE_PATTERN, TIME_PATTERN } from './london-time.ts';

/** The zod form of PublicEvent, for content files and the server (the browser never loads zod). */
export const publicEventSchema: z.ZodType<PublicEvent> = z.object({
  _id: z.string(),
  title: z.string().min(1).max(120),
  slug: z.string().regex(SLUG_PATTERN).max(80),
  date: z.string().regex(ISO_DATE_PATTERN),
  time: z.string().regex(TIME_PATTERN),
  tags: z.array(z.string().max(40)).max(20),
  cover: z.string().max(500),
  badges: z.array(z.string().max(40)).max(10),
  summary: z.string().max(2000),
  isMajor: z.boolean(),
  cta: z.object({ label: z.string().max(40) }),
});
