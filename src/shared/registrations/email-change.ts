import * as z from 'zod/mini';

/** What a link mailed to a new address confirms: the entry's reference and the address. */
export const EmailChangeLinkSchema = z.object({ reference: z.string(), email: z.string() });
export type EmailChangeLink = z.infer<typeof EmailChangeLinkSchema>;

/** A change of email waiting for the new address to confirm it, and until when its link works. */
export const PendingEmailSchema = z.nullable(z.object({ email: z.string(), until: z.string() }));
export type PendingEmail = z.infer<typeof PendingEmailSchema>;
