import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { phoneNumber } from '../phone.ts';
import { NOTIFY_BY, type NotifyBy } from '../sms/sms-settings.ts';
import { giftAmountText, optionalEmailAddress, requiredText, wholeNumber } from '../validation.ts';
import { guardianFields, guardianRule, YOUNGEST_ENTRANT } from './guardian.ts';

export const GENDERS = ['Male', 'Female'] as const;

/** An entry's fields, without the rule for children: what other contracts pick from or extend. */
export const RegistrationFieldsSchema = z.object({
  discipline: z.enum(DISCIPLINES, { error: 'Choose runner or cyclist' }),
  firstName: requiredText('your first name'),
  lastName: requiredText('your last name'),
  /** Left out only by an entrant who chose SMS alone (emailRule): his mobile is then how he is told and found. */
  email: optionalEmailAddress,
  mobile: phoneNumber('your mobile number'),
  age: wholeNumber('your age', YOUNGEST_ENTRANT, 100),
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
  /** "Show my name in published results"; left out, it is shown, as the form's ticked box says. */
  showInResults: z.optional(z.boolean()),
  /** "Send my confirmation by" (shown while the event's SMS are on); left out: both, or mail alone when off. */
  // Blank as none: a form without the choice (SMS off) posts none, the server's form posts ''.
  notifyBy: z.pipe(
    z.transform((value: unknown) => (value === '' || value === null ? undefined : value)),
    z.optional(z.enum(NOTIFY_BY, { error: 'Choose SMS, email or both' })),
  ),
  ...guardianFields,
});

export const EMAIL_MISSING = 'Enter an email address';
/** Under Email while the event sends texts. */
export const EMAIL_OPTIONAL_HINT =
  'Optional if you choose SMS below: leave it empty if you do not read mail.';

/**
 * An email is asked for unless the entrant chose SMS alone (issue 40); the server also refuses none while
 * the event sends no texts, as the choice is then not offered.
 */
export const emailRule = z.check<{ email?: unknown; notifyBy?: unknown }>(
  (context) => {
    const entry = context.value;
    if (entry.email !== undefined || entry.notifyBy === 'sms') return;
    if (context.issues.some((issue) => issue.path?.[0] === 'email')) return;
    context.issues.push({ code: 'custom', path: ['email'], message: EMAIL_MISSING, input: entry.email });
  },
  {
    // Also when other fields are wrong, so that every message shows at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  },
);

/** The public forms' entry (runner, cyclist, waitlist), as the server checks it too. */
export const RegistrationInputSchema = z
  .extend(RegistrationFieldsSchema, {
    /** "Add a gift to <cause>" (issue 43): kept apart from the fee, paid with the same reference. */
    giftAmount: z.pipe(
      z.transform((value: unknown) => (value === '' || value === null ? undefined : value)),
      z.optional(giftAmountText()),
    ),
    giftCurrency: z.pipe(
      z.transform((value: unknown) => (value === '' || value === null ? undefined : value)),
      z.optional(z.enum(['USD', 'ZWG'], { error: 'Choose USD or ZWG' })),
    ),
  })
  .check(guardianRule, emailRule);
export type RegistrationInput = z.input<typeof RegistrationInputSchema>;
export type RegistrationData = z.output<typeof RegistrationInputSchema>;

/** What a registrant is told after registering: his own reference and how to pay, nothing of anyone else. */
export const RegistrationReceiptSchema = z.object({
  reference: z.string(),
  discipline: z.enum(DISCIPLINES),
  raceType: z.string(),
  feeUsd: z.nullable(z.string()),
  feeZwg: z.nullable(z.string()),
  /** The official rate its ZWG fee was quoted at, and the rate's date (issue 42 §1); null: a fixed fee. */
  zwgRate: z.optional(z.nullable(z.string())),
  zwgRateDate: z.optional(z.nullable(z.string())),
  /** A new entry's private page (`/My/<token>`), told only to whoever just registered it. */
  myLink: z.optional(z.string()),
  /** The gift added with the entry, due with its fee under the entry's reference (issue 43). */
  gift: z.optional(z.object({ reference: z.string(), amount: z.string(), currency: z.enum(['USD', 'ZWG']) })),
});
export type RegistrationReceipt = z.infer<typeof RegistrationReceiptSchema>;

/**
 * The answer to someone who registers again in the same discipline (same name and email): his existing
 * entry's receipt, as a found order, so he can still pay. Nothing else stored about him is told.
 */
export const AlreadyRegisteredSchema = z.extend(z.omit(RegistrationReceiptSchema, { myLink: true }), {
  alreadyRegistered: z.literal(true),
  /** An organiser has recorded the entry paid or waived its fee: nothing is due. */
  nothingDue: z.boolean(),
  /** False when the confirmation went out a short while ago (it is sent again at most once per 10 minutes). */
  confirmationResent: z.boolean(),
});
export type AlreadyRegistered = z.infer<typeof AlreadyRegisteredSchema>;

/** What the public registration answers: a new entry's receipt, or the one the person already had. */
export type RegistrationAnswer = RegistrationReceipt | AlreadyRegistered;

/**
 * How the entrant chose to be told while the event sent texts, kept with his answer by the form that sent it:
 * the thank-you page then says where his copy went (someone without email has none in a mailbox).
 */
export type Told = { toldBy?: NotifyBy };
export const toldBy = <Answer extends object>(answer: Answer, by: NotifyBy | undefined): Answer & Told =>
  by ? { ...answer, toldBy: by } : answer;
