/** Whether PostgreSQL refused a write for a unique index (23505), as pg or Drizzle's wrapper reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}
