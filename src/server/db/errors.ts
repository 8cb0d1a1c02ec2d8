interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The constraint an error of this SQLSTATE broke (pg, PGlite and Drizzle's wrapped errors alike), or undefined. */
function violation(error: unknown, sqlState: string): string | undefined {
  let current = error as PgErrorLike | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.code === sqlState) return current.constraint ?? 'unknown';
    current = current.cause as PgErrorLike | undefined;
  }
  return undefined;
}

/** The constraint a unique violation broke, or undefined. */
export const uniqueViolation = (error: unknown) => violation(error, '23505');

/** The constraint a foreign key violation broke (the row referred to is gone), or undefined. */
export const foreignKeyViolation = (error: unknown) => violation(error, '23503');
