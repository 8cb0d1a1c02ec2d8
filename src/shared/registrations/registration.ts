import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { phoneNumber } from '../phone.ts';
import { emailAddress, requiredText, wholeNumber } from '../validation.ts';

export const GENDERS = ['Male', 'Female'] as const;

export const RegistrationInputSchema = z.object({
  discipline: z.enum(DISCIPLINES, { error: 'Choose runner or cyclist' }),
  firstName: requiredText('your first name'),
  lastName: requiredText('your last name'),
  email: emailAddress,
  mobile: phoneNumber('your mobile number'),
  age: wholeNumber('your age', 4, 100),
  gender: z.pipe(
    z.transform((value: unknown) => (value === '' || value === null ? undefined : value)),
    z.optional(z.enum(GENDERS, { error: 'Choose Male or Female' })),
  ),
  raceType: requiredText('a race type', 50),
  nextOfKinMobile: phoneNumber('a next of kin mobile number'),
  tshirtSize: requiredText('a T-shirt size', 20),
  consent: z.literal(true, { error: 'You must agree to the Terms and Conditions to register' }),
  /** The entrant's choice; left out, he is listed, as the public form's ticked box says (the server decides). */
  listedInSearch: z.optional(z.boolean()),
});
export type RegistrationInput = z.input<typeof RegistrationInputSchema>;
export type RegistrationData = z.output<typeof RegistrationInputSchema>;

/** What a registrant is told after registering: his own reference and how to pay, nothing of anyone else. */
export const RegistrationReceiptSchema = z.object({
  reference: z.string(),
  discipline: z.enum(DISCIPLINES),
  raceType: z.string(),
  feeUsd: z.nullable(z.string()),
  feeZwg: z.nullable(z.string()),
});
export type RegistrationReceipt = z.infer<typeof RegistrationReceiptSchema>;
