import { fromMinutes } from '../booking/rules.ts';
import { formatTime } from '../time/london-time.ts';
import type { Refusal } from './assignment.ts';
import type { TableUse } from './layout.ts';

const KEPT_FOR: Record<TableUse, string> = {
  online: 'Kept for online bookings',
  staff: 'Staff only',
  'walk-in': 'Walk-ins only',
};

/** Why a table or join cannot take the party then, as staff read it: "Taken from 7pm by Smith". */
export function refusalText(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'area-closed':
      return `${refusal.area} is closed that day`;
    case 'use':
      return KEPT_FOR[refusal.use];
    case 'too-small':
      return `Too small: seats ${refusal.maxCovers} at most`;
    case 'taken':
      return `Taken from ${formatTime(fromMinutes(refusal.from))} by ${refusal.by || 'another booking'}`;
  }
}

export const TABLES_MESSAGES = {
  /** A staff member's choice of table the rules refuse. */
  placeRefused: (place: string, reason: string) => `${place} cannot take this booking: ${reason}.`,
  unknownPlace: 'That table is not in the layout any more. Please choose another.',
  noPlace: 'No table or join is free for this party for its whole table time.',
  coversMode: 'The pub counts covers, not tables, so there is no table to choose.',
  /** A layout saved without tables that bookings still to come are placed at. */
  tableStillBooked: (tables: string[], references: string[]) =>
    `${tables.join(', ')} ${tables.length === 1 ? 'has' : 'have'} bookings still to come (${references
      .slice(0, 5)
      .join(', ')}${references.length > 5 ? ` and ${references.length - 5} more` : ''}). ` +
    'Move those bookings to other tables on the floor view first.',
} as const;
