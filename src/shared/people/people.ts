import * as z from 'zod/mini';
import { pageFields, pageParam, pageSizeParam } from '../paging.ts';
import { phoneNumber } from '../phone.ts';
import { emailAddress, oneLine, requiredText, wholeNumber } from '../validation.ts';

export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed'] as const;
export const PERSON_KINDS = ['men', 'facilitators'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

export const MAN_STATUSES = ['active', 'incomplete'] as const;
export const FACILITATOR_STATUSES = ['applicant', 'approved', 'declined'] as const;
export const PERSON_STATUS_LABELS: Record<string, string> = {
  active: 'Registered',
  incomplete: 'Incomplete',
  applicant: 'Applicant',
  approved: 'Facilitator',
  declined: 'Declined',
};

/** The "Be That Man" form, for men and facilitators alike. */
export const PersonInputSchema = z.object({
  firstName: requiredText('the name'),
  lastName: requiredText('the surname'),
  email: emailAddress,
  mobile: phoneNumber('the mobile number'),
  maritalStatus: z.enum(MARITAL_STATUSES, { error: 'Choose Single, Married, Divorced or Widowed' }),
  church: requiredText('the church', 150),
  age: wholeNumber('the age', 18, 100),
  address: requiredText('the address', 300),
  /** Left empty by people; bots fill every field. */
  website: z.optional(z.string().check(z.maxLength(200))),
});
export type PersonInput = z.input<typeof PersonInputSchema>;
export type PersonData = z.output<typeof PersonInputSchema>;

/** The quick desk form: Name, Surname, Email, Phone. */
export const QuickManInputSchema = z.object({
  firstName: requiredText('the name'),
  lastName: requiredText('the surname'),
  email: emailAddress,
  mobile: phoneNumber('the phone number'),
  website: z.optional(z.string().check(z.maxLength(200))),
});

/** An admin's edit of one record: names and email are required; the rest may stay empty for an incomplete man. */
export const PersonEditSchema = z.object({
  firstName: requiredText('the name'),
  lastName: requiredText('the surname'),
  email: emailAddress,
  mobile: z.optional(phoneNumber('the mobile number')),
  maritalStatus: z.nullable(
    z.enum(MARITAL_STATUSES, { error: 'Choose Single, Married, Divorced or Widowed' }),
  ),
  church: z.nullable(requiredText('the church', 150)),
  age: z.nullable(wholeNumber('the age', 18, 100)),
  address: z.nullable(requiredText('the address', 300)),
});
export type PersonEdit = z.input<typeof PersonEditSchema>;

export const PersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  maritalStatus: z.nullable(z.string()),
  church: z.nullable(z.string()),
  age: z.nullable(z.number()),
  address: z.nullable(z.string()),
  status: z.string(),
  hasAccount: z.boolean(),
  createdAt: z.string(),
  /** A man who left or graduated: when (his records are deleted some time after) and how; null while in. */
  endedAt: z.optional(z.nullable(z.string())),
  endedAs: z.optional(z.nullable(z.enum(['left', 'graduated']))),
});
export type Person = z.infer<typeof PersonSchema>;

/** "Mark as left", "Mark as graduated", or back in the programme (null). */
export const ManEndInputSchema = z.object({ endedAs: z.nullable(z.enum(['left', 'graduated'])) });
export type ManEndInput = z.input<typeof ManEndInputSchema>;

/** A row of a register: what its table shows. No address: only a record opened on its own has it. */
export const PersonListRowSchema = z.omit(PersonSchema, { address: true });
export type PersonListRow = z.infer<typeof PersonListRowSchema>;

export const PERSON_SORTS = [
  'lastName',
  'firstName',
  'email',
  'mobile',
  'maritalStatus',
  'church',
  'age',
  'createdAt',
] as const;

export const PersonListQuerySchema = z.object({
  q: z.optional(oneLine(100)),
  status: z.optional(z.enum([...MAN_STATUSES, ...FACILITATOR_STATUSES])),
  sort: z.optional(z.enum(PERSON_SORTS)),
  dir: z.optional(z.enum(['asc', 'desc'])),
  page: pageParam,
  /** Up to 5,000 so Print can lay out every row of the current filter. */
  pageSize: pageSizeParam(5000),
});
export type PersonListQuery = z.infer<typeof PersonListQuerySchema>;

export const PersonListSchema = z.object({
  rows: z.array(PersonListRowSchema),
  ...pageFields,
});
export type PersonList = z.infer<typeof PersonListSchema>;

/** A session as a newly registered man is told of it. */
export const FirstSessionSchema = z.object({
  name: z.string(),
  heldOn: z.string(),
  startTime: z.nullable(z.string()),
  place: z.nullable(z.string()),
});
export type FirstSession = z.infer<typeof FirstSessionSchema>;

/**
 * A public form's answer: the same whether the email was new, taken or a bot's, so it tells no one who is
 * registered. A man's also names his first session: the nearest one to come, null while no date is set.
 */
export const JoinedSchema = z.object({
  message: z.string(),
  firstSession: z.optional(z.nullable(FirstSessionSchema)),
});
export type Joined = z.infer<typeof JoinedSchema>;

/** /SignUp with the email address filled in, for a man who has no account yet. */
export const signUpPath = (email: string) => `/SignUp?email=${encodeURIComponent(email)}`;

export const ProgrammeTotalsSchema = z.object({
  men: z.number(),
  facilitators: z.number(),
  applicants: z.number(),
});
export type ProgrammeTotals = z.infer<typeof ProgrammeTotalsSchema>;

/** What a man may change about himself (his email is his account's). */
export const ProfileInputSchema = z.omit(PersonEditSchema, { email: true });
export type ProfileInput = z.input<typeof ProfileInputSchema>;
