import * as z from 'zod/mini';
import { ZWG_RATE_KINDS, ZWG_ROUNDINGS } from '../events/zwg-rate.ts';
import { isoDate, wholeNumber } from '../validation.ts';

/**
 * The ZWG fees' section of the event settings (issue 42 §1): whether they follow each race's USD fee at the
 * official rate, the rate and its date as the Reserve Bank published them (typed by the admin: no lookup),
 * which rate it is, the rounding down, and how long a quoted amount is honoured.
 */
export const ZwgRateInputSchema = z
  .object({
    zwgFollowsRate: z.boolean(),
    /** ZWG per USD; null: none known yet. */
    zwgRate: z.nullable(
      z.string().check(
        z.trim(),
        z.regex(/^\d{1,6}(\.\d{1,4})?$/, 'Enter the rate as ZWG per US dollar, e.g. 26.7845'),
        z.refine((value: string) => Number(value) > 0, 'The rate must be more than 0'),
      ),
    ),
    zwgRateDate: z.nullable(isoDate('Enter the date the rate was published')),
    zwgRateKind: z.enum(ZWG_RATE_KINDS),
    zwgRoundTo: z.pipe(
      wholeNumber('the rounding', 1, 10),
      z
        .number()
        .check(
          z.refine(
            (value: number) => (ZWG_ROUNDINGS as readonly number[]).includes(value),
            'Round down to 1, 5 or 10 ZWG',
          ),
        ),
    ),
    quoteHonourDays: wholeNumber('the days a quoted amount is honoured', 0, 90),
  })
  .check((context) => {
    const value = context.value;
    const issue = (path: string, message: string) =>
      context.issues.push({ code: 'custom', path: [path], message, input: value });
    if (value.zwgRate !== null && value.zwgRateDate === null)
      issue('zwgRateDate', 'Enter the date of the rate');
    if (value.zwgRate === null && value.zwgRateDate !== null) issue('zwgRate', 'Enter the rate of that date');
    if (value.zwgFollowsRate && value.zwgRate === null) {
      issue('zwgRate', 'Enter the official rate: ZWG fees follow it');
    }
  });
export type ZwgRateInput = z.input<typeof ZwgRateInputSchema>;
