import * as z from 'zod/mini';
import { emailAddress } from '../validation.ts';

export { NEXT_YEAR_KEPT_MONTHS } from './next-year-text.ts';

/** "Tell me about next year", as the landing's form sends it (the API, and the form posted without JavaScript). */
export const NextYearSignupSchema = z.object({
  email: emailAddress,
  consent: z.literal(true, { error: 'Tick the box to agree to this one email' }),
});
export type NextYearSignup = z.input<typeof NextYearSignupSchema>;

/** The same answer whether or not the address was given before: nobody learns who is on the list. */
export const NEXT_YEAR_NOTED =
  'Thank you: we will email you once when next year’s fun run opens for registration.';
