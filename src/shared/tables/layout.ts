import { z } from 'zod';
import { documentText } from '../schema/fields.ts';
import { isRealIsoDate } from '../time/london-time.ts';

/** Who may be put on a table: guests booking online (staff too), staff only, or walk-ins only. */
export const TABLE_USES = ['online', 'staff', 'walk-in'] as const;
export type TableUse = (typeof TABLE_USES)[number];

export const TABLE_USE_LABELS: Record<TableUse, string> = {
  online: 'Online and staff',
  staff: 'Staff only',
  'walk-in': 'Walk-ins only',
};

/** How a booking reaches a table: a guest online, staff (phone, e-mail, enquiry), a walk-in at the bar. */
export const SEATING_CHANNELS = ['online', 'staff', 'walk-in'] as const;
export type SeatingChannel = (typeof SEATING_CHANNELS)[number];

/** Capacity by covers (the default) or by the tables below (issue 28). */
export const CAPACITY_MODES = ['covers', 'tables'] as const;
export type CapacityMode = (typeof CAPACITY_MODES)[number];

const id = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits and dashes (at most 40)');
const isoDate = z.string().refine(isRealIsoDate, 'must be a date (YYYY-MM-DD)');
const covers = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(60, 'must be at most 60');

const closedSpanSchema = z
  .object({ from: isoDate, to: isoDate, reason: documentText(80) })
  .refine((span) => span.from <= span.to, {
    message: 'must end on or after the day it starts',
    path: ['to'],
  });

export const areaSchema = z.object({
  id,
  name: documentText(40).min(1, 'needs a name, e.g. Bar'),
  /** Dates or seasons the area takes no one (the garden in winter). */
  closed: z.array(closedSpanSchema),
});
export type Area = z.infer<typeof areaSchema>;

const seatsSchema = z.object({ minCovers: covers, maxCovers: covers });

export const tableSchema = seatsSchema
  .extend({
    id,
    name: documentText(20).min(1, 'needs a name, e.g. T4'),
    area: id,
    use: z.enum(TABLE_USES),
  })
  .refine((table) => table.minCovers <= table.maxCovers, {
    message: 'must seat at least its minimum',
    path: ['maxCovers'],
  });
export type Table = z.infer<typeof tableSchema>;

/** Tables staff allow to be put together, and the parties the combination seats: only listed joins are used. */
export const joinSchema = seatsSchema
  .extend({
    id,
    name: documentText(40).min(1, 'needs a name, e.g. T4 + T5'),
    tables: z.array(id).min(2, 'joins at least two tables'),
  })
  .refine((join) => join.minCovers <= join.maxCovers, {
    message: 'must seat at least its minimum',
    path: ['maxCovers'],
  })
  .refine((join) => new Set(join.tables).size === join.tables.length, {
    message: 'names a table twice',
    path: ['tables'],
  });
export type TableJoin = z.infer<typeof joinSchema>;

const pacingLimit = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(2000)
  .nullable();

/** The most covers that may start in any interval of a service (`null`: no limit). */
export const servicePacingSchema = z
  .object({ online: pacingLimit, staff: pacingLimit })
  .refine((pacing) => pacing.online === null || pacing.staff === null || pacing.online <= pacing.staff, {
    message: 'must be at least the online limit',
    path: ['staff'],
  });
export type ServicePacing = z.infer<typeof servicePacingSchema>;

/**
 * The `tables` content document (issue 28): the pub's areas, tables in order of preference, the joins staff
 * allow, the kitchen's pacing, the grace before a no-show is offered, and whether capacity is counted by
 * tables at all. `mode` changes only through the switch (`server/tables/switch.ts`), which places every
 * future booking first.
 */
export const tablesDocumentSchema = z
  .object({
    mode: z.enum(CAPACITY_MODES),
    areas: z.array(areaSchema),
    tables: z.array(tableSchema),
    joins: z.array(joinSchema),
    pacing: z.object({
      intervalMinutes: z.union([z.literal(15), z.literal(30)]),
      lunch: servicePacingSchema,
      dinner: servicePacingSchema,
    }),
    noShowAfterMinutes: z.number().int('must be whole minutes').min(5).max(120),
  })
  .superRefine((document, context) => {
    const unique = (ids: string[], path: 'areas' | 'tables' | 'joins') => {
      const seen = new Set<string>();
      ids.forEach((each, index) => {
        if (seen.has(each))
          context.addIssue({ code: 'custom', message: 'is used twice', path: [path, index, 'id'] });
        seen.add(each);
      });
    };
    unique(
      document.areas.map((area) => area.id),
      'areas',
    );
    unique(
      document.tables.map((table) => table.id),
      'tables',
    );
    unique(
      document.joins.map((join) => join.id),
      'joins',
    );
    const areas = new Set(document.areas.map((area) => area.id));
    const tables = new Map(document.tables.map((table) => [table.id, table]));
    document.tables.forEach((table, index) => {
      if (!areas.has(table.area))
        context.addIssue({
          code: 'custom',
          message: 'must be one of the areas',
          path: ['tables', index, 'area'],
        });
    });
    document.joins.forEach((join, index) => {
      // Staff choose a table or a join by its id: one id must not name both.
      if (tables.has(join.id))
        context.addIssue({
          code: 'custom',
          message: 'is already the id of a table',
          path: ['joins', index, 'id'],
        });
      const missing = join.tables.filter((table) => !tables.has(table));
      if (missing.length > 0)
        context.addIssue({
          code: 'custom',
          message: 'names a table that is not listed',
          path: ['joins', index, 'tables'],
        });
    });
    if (document.mode === 'tables' && document.tables.length === 0)
      context.addIssue({ code: 'custom', message: 'needs at least one table', path: ['mode'] });
  });
export type TablesDocument = z.infer<typeof tablesDocumentSchema>;

/** Whether the area takes no one on `date`. */
export function areaClosedOn(area: Area, date: string): boolean {
  return area.closed.some((span) => span.from <= date && date <= span.to);
}
