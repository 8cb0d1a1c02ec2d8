import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { pageFields, pageParam, pageSizeParam } from '../paging.ts';
import { RegistrationInputSchema } from '../registrations/registration.ts';
import { PAYMENT_STATUSES } from '../registrations/team.ts';
import { oneLine, requiredText } from '../validation.ts';

export { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '../registrations/team.ts';

export const PAYMENT_METHODS = ['usd_bank', 'zwg_bank', 'cash', 'mobile_money'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  usd_bank: 'USD bank transfer',
  zwg_bank: 'ZWG bank transfer',
  cash: 'Cash',
  mobile_money: 'Mobile money',
};
export const CURRENCIES = ['USD', 'ZWG'] as const;

/** Columns of the participants list, in the order of the earlier version plus ours. */
export const PARTICIPANT_COLUMNS = [
  ['firstName', 'Name'],
  ['lastName', 'Surname'],
  ['email', 'Email'],
  ['mobile', 'Mobile'],
  ['age', 'Age'],
  ['gender', 'Gender'],
  ['raceType', 'Race Type'],
  ['nextOfKinMobile', 'Next of Kin'],
  ['discipline', 'Discipline'],
  ['tshirtSize', 'T-shirt'],
  ['paymentStatus', 'Payment'],
  ['reference', 'Reference'],
  ['createdAt', 'Registered'],
] as const;
export type ParticipantColumn = (typeof PARTICIPANT_COLUMNS)[number][0];
export const SORTABLE_COLUMNS = PARTICIPANT_COLUMNS.map(([key]) => key) as [
  ParticipantColumn,
  ...ParticipantColumn[],
];

export const PARTICIPANTS_PAGE_SIZES = [25, 50, 100] as const;

const optionalText = (max: number) => z.optional(oneLine(max));

/** Filters shared by the list, the PDF and the CSV. */
export const ParticipantFilterSchema = z.object({
  q: optionalText(100),
  discipline: z.optional(z.enum(DISCIPLINES)),
  race: optionalText(50),
  payment: z.optional(z.enum(PAYMENT_STATUSES)),
  gender: z.optional(z.enum(['Male', 'Female', 'unknown'])),
  tshirt: optionalText(20),
});
export type ParticipantFilter = z.infer<typeof ParticipantFilterSchema>;

export const ParticipantListQuerySchema = z.extend(ParticipantFilterSchema, {
  sort: z.optional(z.enum(SORTABLE_COLUMNS)),
  dir: z.optional(z.enum(['asc', 'desc'])),
  page: pageParam,
  pageSize: pageSizeParam(100),
});
export type ParticipantListQuery = z.infer<typeof ParticipantListQuerySchema>;

export const ParticipantSchema = z.object({
  id: z.string(),
  reference: z.string(),
  discipline: z.enum(DISCIPLINES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  nextOfKinMobile: z.string(),
  age: z.number(),
  gender: z.nullable(z.string()),
  raceType: z.string(),
  tshirtSize: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const ParticipantListSchema = z.object({
  rows: z.array(ParticipantSchema),
  ...pageFields,
});
export type ParticipantList = z.infer<typeof ParticipantListSchema>;

export const PaymentSchema = z.object({
  method: z.nullable(z.enum(PAYMENT_METHODS)),
  amount: z.nullable(z.string()),
  currency: z.nullable(z.enum(CURRENCIES)),
  payerReference: z.nullable(z.string()),
  paidOn: z.nullable(z.string()),
  waiverReason: z.nullable(z.string()),
});

export const HistoryEntrySchema = z.object({
  at: z.string(),
  by: z.nullable(z.string()),
  action: z.enum(['registered', 'edited', 'payment', 'cancelled']),
  summary: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const ParticipantDetailSchema = z.extend(ParticipantSchema, {
  status: z.enum(['active', 'cancelled']),
  listedInSearch: z.boolean(),
  payment: PaymentSchema,
  history: z.array(HistoryEntrySchema),
});
export type ParticipantDetail = z.infer<typeof ParticipantDetailSchema>;

const amount = z
  .string({ error: 'Enter the amount' })
  .check(z.trim(), z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter the amount as a number, e.g. 10 or 10.50'));

export const PaymentUpdateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('paid'),
    method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid' }),
    amount,
    currency: z.enum(CURRENCIES, { error: 'Choose the currency' }),
    payerReference: z.optional(oneLine(100, 'Reference must be at most 100 characters')),
    paidOn: z.iso.date({ error: 'Enter the date it was paid' }),
  }),
  z.object({ status: z.literal('waived'), reason: requiredText('the reason', 200) }),
  z.object({ status: z.literal('unpaid') }),
]);
export type PaymentUpdate = z.input<typeof PaymentUpdateSchema>;
export type PaymentUpdateData = z.output<typeof PaymentUpdateSchema>;

/** An admin's correction: every field of the public form except discipline and consent. */
export const ParticipantEditSchema = z.extend(
  z.omit(RegistrationInputSchema, { discipline: true, consent: true }),
  // Left out, it stays as it is: an edit that does not mention it must not list someone who chose not to be.
  { listedInSearch: z.optional(z.boolean()) },
);
export type ParticipantEdit = z.input<typeof ParticipantEditSchema>;
export type ParticipantEditData = z.output<typeof ParticipantEditSchema>;
