import * as z from 'zod/mini';
import { blankAsMissing } from '../validation.ts';

/** The most one gift may be, in either currency: a typo of a few zeros is caught before anyone is told to pay it. */
export const MAX_GIFT = 100_000;

export const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const MESSAGE = 'Enter the amount as a number, e.g. 10 or 10.50';

/** A typed amount of money: a positive number with at most two decimals, up to MAX_GIFT. */
export const giftAmountText = (message = MESSAGE) =>
  z.string({ error: message }).check(
    z.trim(),
    z.regex(AMOUNT, message),
    z.refine((value: string) => Number(value) > 0, 'Enter an amount above 0'),
    z.refine((value: string) => Number(value) <= MAX_GIFT, `A gift can be at most ${MAX_GIFT}`),
  );

/** An amount of money typed by a person, blank read as missing. */
export function giftAmount(message = MESSAGE) {
  return blankAsMissing(giftAmountText(message));
}
