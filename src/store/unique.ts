/** Whether a store error is a unique constraint refusing a row (PostgreSQL's 23505, SQLite's UNIQUE constraint). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string } | null;
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e.message ?? ''));
};
