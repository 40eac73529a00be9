import { randomInt } from 'node:crypto';
import type { InferSelectModel } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';

/** No 0/O, 1/I/L: a reference read out over the phone should not be misheard. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_ATTEMPTS = 5;

/** A short human reference such as "RC-7KQ2M9". */
export function newReference(prefix: string, length = 6): string {
  let code = '';
  for (let index = 0; index < length; index++) {
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return `${prefix}-${code}`;
}

/**
 * Stores a row under a new short reference (`newReference(prefix, length)`): a clash of random references is
 * rare, but it must cost a retry, not the booking. `what` names the reference in the error after the last try.
 */
export async function insertWithReference<Table extends PgTable & { reference: AnyPgColumn }>(
  db: Database,
  table: Table,
  values: Omit<PgInsertValue<Table>, 'reference'>,
  reference: { prefix: string; length?: number; what: string },
): Promise<InferSelectModel<Table>> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(table)
      .values({
        ...values,
        reference: newReference(reference.prefix, reference.length),
      } as PgInsertValue<Table>)
      .onConflictDoNothing({ target: table.reference })
      .returning();
    if (row) return row as InferSelectModel<Table>;
  }
  throw new Error(`No free ${reference.what} reference after ${REFERENCE_ATTEMPTS} attempts`);
}
