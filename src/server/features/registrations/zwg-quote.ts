import { zwgFeeOf } from '../../../shared/events/zwg-rate.ts';
import type { EventRow } from '../events/service.ts';
import type { NewRegistration } from './repository.ts';

type QuoteColumns = Required<
  Pick<NewRegistration, 'quotedAt' | 'quoteUsd' | 'quoteZwg' | 'quoteRate' | 'quoteRateDate'>
>;

const NO_QUOTE: QuoteColumns = {
  quotedAt: null,
  quoteUsd: null,
  quoteZwg: null,
  quoteRate: null,
  quoteRateDate: null,
};

/**
 * What an entry is quoted for its race now (issue 42 §1): the ZWG fee entrants are asked for, and while ZWG
 * fees follow the official rate the rate and its date, with the columns that keep the quote on the entry (its
 * ZWG fee is what the entry owes while the event honours quotes). Fixed fees make no quote.
 */
export function zwgQuoteOf(
  event: Pick<EventRow, 'zwgFollowsRate' | 'zwgRate' | 'zwgRateDate' | 'zwgRoundTo'>,
  race: { feeUsd: string | null; feeZwg: string | null },
  at = new Date(),
) {
  const feeZwg = zwgFeeOf(race, event);
  if (!event.zwgFollowsRate || feeZwg === null || event.zwgRate === null || event.zwgRateDate === null) {
    return { feeZwg, zwgRate: null, zwgRateDate: null, columns: NO_QUOTE };
  }
  return {
    feeZwg,
    zwgRate: event.zwgRate,
    zwgRateDate: event.zwgRateDate,
    columns: {
      quotedAt: at,
      quoteUsd: race.feeUsd,
      quoteZwg: feeZwg,
      quoteRate: event.zwgRate,
      quoteRateDate: event.zwgRateDate,
    } satisfies QuoteColumns,
  };
}
