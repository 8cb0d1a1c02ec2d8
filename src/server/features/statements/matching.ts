import type { Currency } from '../../../shared/participants/participants.ts';
import { amountDue, fromCents, owes, toCents } from '../../../shared/payments/balance.ts';
import type { PaymentStatus } from '../../../shared/registrations/team.ts';
import type { StatementOutcome } from '../../../shared/statements/statements.ts';
import { parseAmountCents } from './statement-lines.ts';

/** An entry as matching needs it. */
export interface EntryToMatch {
  id: string;
  status: string;
  paymentStatus: PaymentStatus;
  paymentAmount: string | null;
  paymentCurrency: Currency | null;
  feeUsd: string | null;
  feeZwg: string | null;
  /** A gift added with the entry and not yet paid: due with its fee, under its reference (issue 43). */
  gift?: { amount: string; currency: Currency } | undefined;
}

export interface LineMatch {
  outcome: StatementOutcome;
  matchedBy: 'reference' | 'payer' | null;
  /** The one entry the line pays. */
  registrationId: string | null;
  /** The entries an ambiguous line could be, or those a line pays together (a team's, or several named). */
  candidates: string[] | null;
}

export const feeIn = (entry: Pick<EntryToMatch, 'feeUsd' | 'feeZwg'>, currency: Currency) =>
  currency === 'USD' ? entry.feeUsd : entry.feeZwg;

const cents = (amount: string | null) => (amount === null ? null : parseAmountCents(amount));
const owing = (entry: EntryToMatch) => entry.status === 'active' && owes(entry.paymentStatus);
/** What a line must bring for the entry: what it still owes (a part payment's balance), or its fee when it owes nothing. */
const expected = (entry: EntryToMatch, currency: Currency) => {
  const fee = feeDue(entry, currency);
  const gift = entry.gift?.currency === currency ? entry.gift.amount : null;
  if (gift === null || entry.status !== 'active') return fee;
  // A paid fee leaves the gift alone due.
  if (!owing(entry)) return gift;
  return fee === null ? null : fromCents(toCents(fee) + toCents(gift));
};
const feeDue = (entry: EntryToMatch, currency: Currency) =>
  owing(entry)
    ? amountDue(
        {
          paymentStatus: entry.paymentStatus,
          payment: { amount: entry.paymentAmount, currency: entry.paymentCurrency },
          fees: { USD: entry.feeUsd, ZWG: entry.feeZwg },
        },
        currency,
      )
    : feeIn(entry, currency);

/**
 * What a line pays, from the entries its references name (in the order named) and the teams whose reference
 * it quotes: one entry, or several entries or a team's entries together, whose dues in the line's currency add
 * up to the amount (matched); the same with another amount (amount-differs: paid by the one rule when the
 * admin confirms it); entries and a team, or two teams (ambiguous); none (unmatched). Money going out never
 * pays an entry.
 */
export function matchLine(
  line: { amount: string; currency: Currency },
  named: { entries: EntryToMatch[]; teams: EntryToMatch[][] },
): LineMatch {
  const amount = cents(line.amount) ?? 0;
  const teams = named.teams.filter((team) => team.length > 0);
  const groups = teams.length + (named.entries.length > 0 ? 1 : 0);
  if (amount <= 0 || groups === 0) return unmatched;
  if (groups > 1) {
    const ids = [...named.entries, ...teams.flat()].map((entry) => entry.id);
    return {
      outcome: 'ambiguous',
      matchedBy: 'reference',
      registrationId: null,
      candidates: [...new Set(ids)],
    };
  }
  const [entry, ...more] = named.entries;
  if (entry && more.length === 0) {
    return {
      outcome: cents(expected(entry, line.currency)) === amount ? 'matched' : 'amount-differs',
      matchedBy: 'reference',
      registrationId: entry.id,
      candidates: null,
    };
  }
  const group = entry ? named.entries : (teams[0] ?? []);
  // A group pays for those who owe; when none does, the line is shown against all of them.
  const paying = group.some(owing) ? group.filter(owing) : group;
  return { ...together(paying, line.currency, amount), matchedBy: 'reference' };
}

const unmatched: LineMatch = {
  outcome: 'unmatched',
  matchedBy: null,
  registrationId: null,
  candidates: null,
};

/** A line paying these entries together: matched when their dues add up to the amount. */
function together(paying: EntryToMatch[], currency: Currency, amount: number) {
  const dues = paying.map((member) => cents(expected(member, currency)));
  const total = dues.reduce<number>((sum, due) => sum + (due ?? 0), 0);
  const outcome: StatementOutcome =
    dues.every((due) => due !== null) && total === amount ? 'matched' : 'amount-differs';
  return { outcome, registrationId: null, candidates: paying.map((member) => member.id) };
}

/**
 * A line without a reference, by the payer's number: the active entries registered with it that still owe
 * pay together when the line brings their total due now (matched); otherwise they are offered (amount-differs,
 * never applied unless the admin says so). A number with no entry owing matches nothing.
 */
export function matchByPayer(
  line: { amount: string; currency: Currency },
  entries: EntryToMatch[],
): LineMatch {
  const amount = cents(line.amount) ?? 0;
  const paying = entries.filter(owing);
  if (amount <= 0 || paying.length === 0) return unmatched;
  return { ...together(paying, line.currency, amount), matchedBy: 'payer' };
}
