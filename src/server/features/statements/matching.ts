import type { Currency } from '../../../shared/participants/participants.ts';
import type { StatementOutcome } from '../../../shared/statements/statements.ts';
import { parseAmountCents } from './statement-lines.ts';

/** An entry as matching needs it. */
export interface EntryToMatch {
  id: string;
  status: string;
  paymentStatus: string;
  feeUsd: string | null;
  feeZwg: string | null;
}

export interface LineMatch {
  outcome: StatementOutcome;
  /** The one entry the line pays. */
  registrationId: string | null;
  /** The entries an ambiguous line could be, or those a team's line pays together. */
  candidates: string[] | null;
}

export const feeIn = (entry: Pick<EntryToMatch, 'feeUsd' | 'feeZwg'>, currency: Currency) =>
  currency === 'USD' ? entry.feeUsd : entry.feeZwg;

const cents = (amount: string | null) => (amount === null ? null : parseAmountCents(amount));
const unpaid = (entry: EntryToMatch) => entry.status === 'active' && entry.paymentStatus === 'unpaid';

/**
 * What a line pays, from the entries its references name and the teams whose reference it quotes: one entry
 * whose fee in the line's currency is the amount (matched), or a team whose unpaid entries' fees add up to it;
 * the same with another amount (amount-differs); two or more of them (ambiguous); none (unmatched). Money
 * going out never pays an entry.
 */
export function matchLine(
  line: { amount: string; currency: Currency },
  named: { entries: EntryToMatch[]; teams: EntryToMatch[][] },
): LineMatch {
  const amount = cents(line.amount) ?? 0;
  const teams = named.teams.filter((team) => team.length > 0);
  const payers = named.entries.length + teams.length;
  if (amount <= 0 || payers === 0) return { outcome: 'unmatched', registrationId: null, candidates: null };
  if (payers > 1) {
    const ids = [...named.entries, ...teams.flat()].map((entry) => entry.id);
    return { outcome: 'ambiguous', registrationId: null, candidates: [...new Set(ids)] };
  }
  const [entry] = named.entries;
  if (entry) {
    const fee = cents(feeIn(entry, line.currency));
    return {
      outcome: fee === amount ? 'matched' : 'amount-differs',
      registrationId: entry.id,
      candidates: null,
    };
  }
  const team = teams[0] ?? [];
  // A team pays for its unpaid entries; when all are paid already, the line is shown against all of them.
  const paying = team.some(unpaid) ? team.filter(unpaid) : team;
  const fees = paying.map((member) => cents(feeIn(member, line.currency)));
  const total = fees.reduce<number>((sum, fee) => sum + (fee ?? 0), 0);
  const outcome = fees.every((fee) => fee !== null) && total === amount ? 'matched' : 'amount-differs';
  return { outcome, registrationId: null, candidates: paying.map((member) => member.id) };
}
