import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { phoneNumber } from '../phone.ts';
import { emailAddress, oneLine, requiredText, wholeNumber } from '../validation.ts';

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
  /** The entrant's choice; a form that does not ask lists him, as the public form's ticked box does. */
  listedInSearch: z._default(z.boolean(), true),
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

/** The public search finds a name by its start, a few at a time: enough to check an entry, too little to list everyone. */
export const ENTRANT_SEARCH = { minLength: 3, maxResults: 10 } as const;

export const SearchQuerySchema = z.object({
  q: z.pipe(
    oneLine(100, 'Search text must be at most 100 characters'),
    z
      .string()
      .check(z.minLength(ENTRANT_SEARCH.minLength, `Type at least ${ENTRANT_SEARCH.minLength} characters`)),
  ),
});

export const SearchResultSchema = z.object({
  results: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      discipline: z.enum(DISCIPLINES),
      raceType: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
