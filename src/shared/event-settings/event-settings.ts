import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { EVENT_FIELDS } from '../events/event-fields.ts';
import { PAYMENT_METHOD_KEYS } from '../events/payments.ts';
import { bibNumber, bibRangeProblem, overlappingRanges } from '../participants/bibs.ts';
import { phoneNumber } from '../phone.ts';
import {
  blankAsMissing,
  capitalise,
  INVISIBLE,
  isoDate,
  PLAIN_TEXT_ONLY,
  requiredText,
  wholeNumber,
} from '../validation.ts';

/** The terms keep their line breaks and tabs; nothing else that oneLine refuses. Here, as only admins send them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A required text of several lines (the terms): line breaks kept, as Windows or a phone sent them. */
function requiredLines(label: string, max: number) {
  return blankAsMissing(
    z.string({ error: `Enter ${label}` }).check(
      z.normalize('NFC'),
      z.overwrite((value: string) => value.replace(/\r\n?/g, '\n')),
      z.trim(),
      z.maxLength(max, `${capitalise(label)} must be at most ${max} characters`),
      z.refine(
        (value: string) => !CONTROLS_BUT_LINE_BREAKS.test(value) && !INVISIBLE.test(value),
        PLAIN_TEXT_ONLY,
      ),
    ),
  );
}

/** A text of several lines that may be left empty (the description). */
function optionalLines(max: number) {
  return z.string().check(
    z.normalize('NFC'),
    z.overwrite((value: string) => value.replace(/\r\n?/g, '\n')),
    z.trim(),
    z.maxLength(max, `At most ${max} characters`),
    z.refine(
      (value: string) => !CONTROLS_BUT_LINE_BREAKS.test(value) && !INVISIBLE.test(value),
      PLAIN_TEXT_ONLY,
    ),
  );
}

const text = (label: string, max: number) => requiredText(label, max);
/** The fun run's description, in Markdown: the server renders it and keeps only safe HTML. */
const descriptionMarkdown = optionalLines(10_000);
export const DescriptionInputSchema = z.object({ descriptionMarkdown });
const privacyText = requiredLines('the privacy notice', 20_000);

/** The privacy notice's section of the settings: a text is required there (the standard one is a text too). */
export const PrivacyNoticeInputSchema = z.object({ privacyText });
const money = z.nullable(
  z.string().check(z.trim(), z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter the fee as a number, e.g. 10 or 10.50')),
);

/** A transfer's fee: a number, 0 for none. */
const transferFee = z
  .string()
  .check(z.trim(), z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter the fee as a number, e.g. 0, 2 or 2.50'));

export const PaymentOptionsInputSchema = z.object({
  bankName: text('the bank name', 200),
  branch: text('the branch', 200),
  usd: z.object({
    accountName: text('the USD account name', 200),
    accountNumber: text('the USD account number', 100),
  }),
  zwg: z.object({
    accountName: text('the ZWG account name', 200),
    accountNumber: text('the ZWG account number', 100),
  }),
  mobileMoney: z.object({
    provider: text('the mobile-money provider', 100),
    number: phoneNumber('the mobile-money number'),
    holderName: text('the account holder name', 200),
    codePattern: z.pipe(
      text('the payment code pattern', 100),
      z.string().check(z.regex(/\{amount\}/, 'The payment code must contain {amount} where the amount goes')),
    ),
    zwgCodePattern: optionalText(
      100,
      z.regex(/^$|\{amount\}/, 'The ZWG payment code must contain {amount} where the amount goes'),
    ),
    matchingNote: optionalText(300),
  }),
  cashPhone: phoneNumber('the cash phone number'),
  order: z
    .array(z.enum(PAYMENT_METHOD_KEYS))
    .check(
      z.refine(
        (order) => order.length === PAYMENT_METHOD_KEYS.length && new Set(order).size === order.length,
        'List each way to pay once',
      ),
    ),
});

/** A text that may be left empty ('' then): trimmed, at most `max` characters. */
function optionalText(max: number, ...checks: z.core.$ZodCheck<string>[]) {
  return z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`), ...checks);
}

const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+\.\S+$/i;

/** A link for the public to open: http or https only (never javascript: or data:), at most 500 characters. */
function webAddress(label: string) {
  const message = `Enter ${label} as a web address starting with https:// (or http://)`;
  return blankAsMissing(
    z.string({ error: message }).check(
      z.trim(),
      z.maxLength(500, `${capitalise(label)} must be at most 500 characters`),
      z.refine((value: string) => WEB_ADDRESS.test(value) && URL.canParse(value), message),
    ),
  );
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const sizes = z
  .array(text('a size', 20))
  .check(z.minLength(1, 'List at least one size'), z.maxLength(20, 'At most 20 sizes'));

export const EventSettingsInputSchema = z.object({
  title: text('the title', 120),
  subtitle: text('the subtitle', 200),
  greeting: text('the greeting', 60),
  contactPhone: phoneNumber('the contact phone'),
  backgroundAlt: text('a description of the photo', 200),
  /** ISO date-time, or null for no closing time. */
  // A regex rather than z.iso.datetime: these contracts ride in the public forms' chunk, where every byte counts.
  registrationClosesAt: z.nullable(
    z.string().check(
      z.regex(ISO_DATE_TIME, 'Enter a valid closing date and time'),
      z.refine((value: string) => !Number.isNaN(Date.parse(value)), 'Enter a valid closing date and time'),
    ),
  ),
  /** The day of the event, YYYY-MM-DD, or null while it is not fixed; unchanged when left out. */
  eventDate: z.optional(z.nullable(isoDate('Enter the date of the event'))),
  /** The last day (Harare) entrants change their T-shirt size themselves, or null for no cut-off; unchanged when left out. */
  tshirtChangesUntil: z.optional(z.nullable(isoDate('Enter the last day for T-shirt changes'))),
  /**
   * "Give my place to someone" on /My: allowed or not, its last day (Harare; null: while registration is open)
   * and the fee a completed transfer adds to what the entry owes; each unchanged when left out.
   */
  transfersAllowed: z.optional(z.boolean()),
  transfersUntil: z.optional(z.nullable(isoDate('Enter the last day places may be given to someone'))),
  transferFeeUsd: z.optional(transferFee),
  transferFeeZwg: z.optional(transferFee),
  /** How long a place offered from a race's waitlist is held for its taker; unchanged when left out. */
  waitlistOfferHours: z.optional(wholeNumber('the hours an offer holds', 1, 336)),
  /** Bib numbers per race each phone prepared for race morning keeps for walk-ups (0: none); unchanged when left out. */
  walkUpBibBlock: z.optional(wholeNumber('the bibs each phone keeps', 0, 500)),
  /** Days after registering, and before registration closes, that unpaid entries are reminded (0: never). */
  reminderDaysAfter: z.optional(wholeNumber('the days after registering', 0, 60)),
  reminderDaysBeforeClose: z.optional(wholeNumber('the days before registration closes', 0, 60)),
  /** The race pack goes this many days before the race (0: no race pack), with what to bring; unchanged when left out. */
  racePackDaysBefore: z.optional(wholeNumber('the race pack days', 0, 14)),
  whatToBring: z.optional(optionalText(300)),
  venue: z.optional(optionalText(200)),
  /** The photos' link, shown on the landing page after the race; null for none; unchanged when left out. */
  photosUrl: z.optional(z.nullable(webAddress('the photos link'))),
  payment: PaymentOptionsInputSchema,
  tshirtSizes: z.object({ run: sizes, cycle: sizes }),
  termsText: requiredLines('the terms', 20_000),
  /** The description on the landing page (Markdown); unchanged when left out. */
  descriptionMarkdown: z.optional(descriptionMarkdown),
  /** The privacy notice: the admin's own text, null for the standard one; unchanged when left out. */
  privacyText: z.optional(z.nullable(privacyText)),
});
export type EventSettingsInput = z.input<typeof EventSettingsInputSchema>;

export const RaceInputSchema = z.object({
  id: z.optional(z.string().check(z.maxLength(40))),
  discipline: z.enum(DISCIPLINES),
  label: text('the race label', 50),
  capacity: z.nullable(
    z
      .int('Enter the capacity as a whole number')
      .check(z.gte(0, 'Capacity cannot be negative'), z.lte(100_000)),
  ),
  feeUsd: money,
  feeZwg: money,
  /** "06:30", 24-hour; null while it is not fixed; unchanged when left out. */
  startTime: z.optional(
    z.nullable(
      z.string().check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the start time as 06:30')),
    ),
  ),
  /** The race's bib numbers, e.g. 1001 to 1999; both null for none yet; unchanged when left out. */
  bibFrom: z.optional(z.nullable(bibNumber)),
  bibTo: z.optional(z.nullable(bibNumber)),
});
export const RacesInputSchema = z.object({
  races: z.array(RaceInputSchema).check(
    z.minLength(1, 'Keep at least one race'),
    z.maxLength(40),
    // The same rule the server keeps: each range whole, and no number in two races of the event. A plain
    // check function, not z.superRefine: a zod helper used here rides in every public form's download.
    (context) => {
      const races = context.value;
      const ranges = races.map((race) => ({ bibFrom: race.bibFrom ?? null, bibTo: race.bibTo ?? null }));
      const issue = (path: (string | number)[], message: string) =>
        context.issues.push({ code: 'custom', path, message, input: races });
      ranges.forEach((range, index) => {
        const problem = bibRangeProblem(range);
        if (problem) issue([index, problem.field], problem.message);
      });
      for (const { index, other } of overlappingRanges(ranges)) {
        issue([index, 'bibFrom'], `These bibs overlap the ${races[other]?.label ?? 'other'} race's`);
      }
    },
  ),
});
export type RaceInput = z.input<typeof RaceInputSchema>;

export const AdminRaceSchema = z.object({
  id: z.string(),
  discipline: z.enum(DISCIPLINES),
  label: z.string(),
  capacity: z.nullable(z.number()),
  feeUsd: z.nullable(z.string()),
  feeZwg: z.nullable(z.string()),
  startTime: z.nullable(z.string()),
  bibFrom: z.nullable(z.number()),
  bibTo: z.nullable(z.number()),
  taken: z.number(),
});

export const EventSettingsSchema = z.object({
  ...EVENT_FIELDS,
  tshirtChangesUntil: z.nullable(z.string()),
  transfersAllowed: z.boolean(),
  transfersUntil: z.nullable(z.string()),
  transferFeeUsd: z.string(),
  transferFeeZwg: z.string(),
  waitlistOfferHours: z.number(),
  walkUpBibBlock: z.number(),
  reminderDaysAfter: z.number(),
  reminderDaysBeforeClose: z.number(),
  racePackDaysBefore: z.number(),
  whatToBring: z.string(),
  referencePrefix: z.string(),
  /** The description as the admin wrote it; descriptionHtml is what the pages show. */
  descriptionMarkdown: z.string(),
  /** ZWG fees at the official rate (issue 42 §1; saved by ZwgRateInputSchema, zwg-rate-settings.ts). */
  zwgFollowsRate: z.boolean(),
  zwgRate: z.nullable(z.string()),
  zwgRateDate: z.nullable(z.string()),
  zwgRateKind: z.enum(['mid', 'selling']),
  zwgRoundTo: z.number(),
  quoteHonourDays: z.number(),
  races: z.array(AdminRaceSchema),
});
export type EventSettings = z.infer<typeof EventSettingsSchema>;

export const IMAGE_KINDS = ['background', 'logo'] as const;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** "Start a new edition": the year it is for and the prefix of its references (CFR26 → CFR26-0001). */
export const NewEditionInputSchema = z.object({
  year: z
    .int('Enter the year as a number, e.g. 2026')
    .check(z.gte(2000, 'Enter a year from 2000'), z.lte(2100, 'Enter a year up to 2100')),
  referencePrefix: z
    .string({ error: 'Enter the reference prefix' })
    .check(
      z.trim(),
      z.toUpperCase(),
      z.regex(/^[A-Z0-9]{2,10}$/, 'Use 2 to 10 letters or digits, e.g. CFR26'),
    ),
});
export type NewEditionInput = z.input<typeof NewEditionInputSchema>;

export const EditionSchema = z.object({
  id: z.string(),
  year: z.number(),
  title: z.string(),
  referencePrefix: z.string(),
  current: z.boolean(),
  archivedAt: z.nullable(z.string()),
  entries: z.number(),
});
export const EditionsSchema = z.array(EditionSchema);
export type Edition = z.infer<typeof EditionSchema>;
