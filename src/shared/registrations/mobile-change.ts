import * as z from 'zod/mini';

/** A change of mobile waiting for the code texted to the new number, and until when the code works. */
export const PendingMobileSchema = z.nullable(z.object({ mobile: z.string(), until: z.string() }));
export type PendingMobile = z.infer<typeof PendingMobileSchema>;

/** The code texted to a new number, as typed on /My. */
export const MobileCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code we texted' })
    .check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6 digits of the code we texted')),
});
export type MobileCode = z.input<typeof MobileCodeSchema>;
