interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The constraint a unique violation broke (pg, PGlite and Drizzle's wrapped errors alike), or undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  let current = error as PgErrorLike | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.code === '23505') return current.constraint ?? 'unknown';
    current = current.cause as PgErrorLike | undefined;
  }
  return undefined;
}

/** The constraint a foreign key violation broke (the row referred to is gone), or undefined. */
export function foreignKeyViolation(error: unknown): string | undefined {
  let current = error as PgErrorLike | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.code === '23503') return current.constraint ?? 'unknown';
    current = current.cause as PgErrorLike | undefined;
  }
  return undefined;
}
