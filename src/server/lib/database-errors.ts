/** PostgreSQL's unique_violation; drizzle wraps the driver's error, so the causes are searched too. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
