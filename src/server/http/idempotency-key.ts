import { z } from 'zod';

/** A form sent again (a retry on a bad line) carries the same key, so it is answered without a second entry. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'Idempotency-Key must be 8–100 letters, digits, dashes or underscores')
    .optional(),
});
