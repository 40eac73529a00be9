import { z } from 'zod';

/**
 * Stored rows are named by uuid; PostgreSQL refuses anything else in a uuid column, so a lookup checks the
 * shape first and treats any other id in a URL as naming nothing.
 */
export function isUuid(value: string): boolean {
  return z.uuid().safeParse(value).success;
}
