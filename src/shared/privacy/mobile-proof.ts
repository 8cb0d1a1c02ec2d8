import * as z from 'zod/mini';
import { phoneNumber } from '../phone.ts';
import { oneLine } from '../validation.ts';

/** "Your data, by your mobile number" (/Privacy): the number a code is texted to (stored as E.164). */
export const MobileCodeRequestSchema = z.object({ mobile: phoneNumber('your mobile number') });
export type MobileCodeRequest = z.input<typeof MobileCodeRequestSchema>;

/** The code typed back, with the number it was texted to. */
export const MobileCodeCheckSchema = z.object({
  mobile: phoneNumber('your mobile number'),
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6 digits of the code we texted you')),
});
export type MobileCodeCheck = z.input<typeof MobileCodeCheckSchema>;

/** What the download and the erasure request carry: the proof that their sender holds the number. */
export const MobileProofSchema = z.object({ proof: z.string().check(z.minLength(20), z.maxLength(100)) });

export const MobileErasureAskSchema = z.object({
  proof: z.string().check(z.minLength(20), z.maxLength(100)),
  reason: z.optional(oneLine(500, 'At most 500 characters')),
});
export type MobileErasureAsk = z.input<typeof MobileErasureAskSchema>;

export const MobileProofAnswerSchema = z.object({ proof: z.string(), expiresAt: z.string() });
export type MobileProofAnswer = z.infer<typeof MobileProofAnswerSchema>;

/** The same answer whether or not the number has records with us. */
export const MOBILE_CODE_SENT =
  'If we hold records under that number, a text with a 6-digit code is on its way. It is valid for 15 minutes.';
export const MOBILE_CODE_WRONG =
  'That code is not right, or no longer valid (15 minutes, 5 tries). Check it, or ask for a new code.';
export const MOBILE_PROOF_EXPIRED = 'Your check of the number has expired. Ask for a new code.';
export const MOBILE_CODES_OFF = 'Codes by text message are not available at the moment.';
