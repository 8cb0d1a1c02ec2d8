import * as z from 'zod/mini';
import { phoneNumber } from '../phone.ts';
import { blankAsMissing, oneLine } from '../validation.ts';

/** Entrants younger than this (by the age they give) register with a parent or guardian's agreement. */
export const ADULT_AGE = 18;
/** The youngest age an entry may give. */
export const YOUNGEST_ENTRANT = 4;
export const isMinor = (age: number) => age < ADULT_AGE;

export const GUARDIAN_LABELS = {
  guardianName: "Parent or guardian's name",
  guardianMobile: "Parent or guardian's mobile",
  /** On the entrant's own forms: whoever fills it in for a child is the parent or guardian. */
  guardianConsent: 'I am the parent or guardian and I agree to this entry and to the privacy notice',
  /** Where someone else records it (an organiser, a company's manager). */
  guardianConsentRecorded: 'The parent or guardian agreed to this entry and to the privacy notice',
} as const;

export const GUARDIAN_MESSAGES = {
  guardianName: "Enter the parent or guardian's name",
  guardianMobile: "Enter the parent or guardian's mobile number",
  guardianConsent: 'A parent or guardian must agree for an entrant under 18: tick this box',
} as const;

/** The guardian's fields of an entry: optional in themselves; guardianRule asks for them when the entrant is a minor. */
export const guardianFields = {
  guardianName: blankAsMissing(
    z.optional(oneLine(100, "The parent or guardian's name must be at most 100 characters")),
  ),
  guardianMobile: blankAsMissing(z.optional(phoneNumber("the parent or guardian's mobile number"))),
  guardianConsent: z.optional(z.boolean()),
};

type GuardianField = keyof typeof GUARDIAN_MESSAGES;
type EntryValues = { age?: unknown } & Partial<Record<GuardianField, unknown>>;

/**
 * The one rule for children, on every form that makes or changes an entry and on the server behind it: an
 * entrant under 18 gives a parent or guardian's name and mobile, and the box of their agreement is ticked.
 * It runs even when other fields are wrong, so every message shows at once; an age that is refused asks
 * for nothing.
 */
export const guardianRule = z.check<EntryValues>(
  (context) => {
    const entry = context.value;
    const ageRefused = context.issues.some((issue) => issue.path?.[0] === 'age');
    if (typeof entry.age !== 'number' || ageRefused || !isMinor(entry.age)) return;
    const has = (field: GuardianField) =>
      field === 'guardianConsent' ? entry[field] === true : Boolean(entry[field]);
    for (const field of Object.keys(GUARDIAN_MESSAGES) as GuardianField[]) {
      // A mobile typed wrongly already has its own message.
      const told = context.issues.some((issue) => issue.path?.[0] === field);
      if (!has(field) && !told) {
        context.issues.push({
          code: 'custom',
          path: [field],
          message: GUARDIAN_MESSAGES[field],
          input: entry[field],
        });
      }
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

/** What an entry stores of its guardian: nothing for an adult, whatever was sent. */
export function guardianOf(
  entry: { age: number } & Partial<Record<GuardianField, unknown>>,
  consentedAt: Date | null,
) {
  if (!isMinor(entry.age)) return { guardianName: null, guardianMobile: null, guardianConsentedAt: null };
  return {
    guardianName: typeof entry.guardianName === 'string' ? entry.guardianName : null,
    guardianMobile: typeof entry.guardianMobile === 'string' ? entry.guardianMobile : null,
    guardianConsentedAt: consentedAt,
  };
}
