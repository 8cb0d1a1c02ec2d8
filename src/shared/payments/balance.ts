import { priceText } from '../money.ts';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../registrations/team.ts';

type Currency = 'USD' | 'ZWG';

/** Money as whole cents, so that sums and differences of amounts are exact. */
export const toCents = (amount: string) => Math.round(Number(amount) * 100);
export const fromCents = (cents: number) => (cents / 100).toFixed(2);

/** An entry as far as what it owes goes: its status, what was received, and its race's fees now. */
export interface Owing {
  paymentStatus: PaymentStatus;
  payment: { amount: string | null; currency: Currency | null };
  fees: { USD: string | null; ZWG: string | null };
}

/**
 * How money received is shared between the entries it names, each owing `dues[i]` cents: in the order named,
 * each takes its whole due while the money lasts, and the last that can take anything takes all that is
 * left. The cents each entry reached takes; the entries it does not reach are left out.
 */
export function shareInOrder(amountCents: number, dues: number[]): number[] {
  let left = amountCents;
  const shares: number[] = [];
  for (const [index, due] of dues.entries()) {
    if (left <= 0) break;
    const taken = index === dues.length - 1 ? left : Math.min(left, due);
    left -= taken;
    shares.push(taken);
  }
  return shares;
}

/** Whether the entry still owes money: unpaid, or part paid. */
export const owes = (status: PaymentStatus) => status === 'unpaid' || status === 'part_paid';

/**
 * What the entry still owes in a currency: its race's fee now, less what a part payment in that currency
 * brought; '0.00' when paid or waived; null when its race has no fee in the currency, or when it was part paid
 * in the other one (the organisers settle that).
 */
export function amountDue(entry: Owing, currency: Currency): string | null {
  if (!owes(entry.paymentStatus)) return '0.00';
  const fee = entry.fees[currency];
  if (fee === null) return null;
  if (entry.paymentStatus === 'unpaid') return fee;
  if (entry.payment.currency !== currency || entry.payment.amount === null) return null;
  return fromCents(Math.max(0, toCents(fee) - toCents(entry.payment.amount)));
}

/** "US$5.00 due" for a part-paid entry, in the currency it was part paid in; null for any other. */
export function balanceText(entry: Owing): string | null {
  const currency = entry.payment.currency;
  if (entry.paymentStatus !== 'part_paid' || currency === null) return null;
  const due = amountDue(entry, currency);
  return due === null ? null : `${priceText(currency, due)} due`;
}

/** "Part paid, US$5.00 due", "Paid", "Unpaid": the status as lists and exports show it. */
export function paymentStatusText(entry: Owing): string {
  const balance = balanceText(entry);
  const label = PAYMENT_STATUS_LABELS[entry.paymentStatus];
  return balance ? `${label}, ${balance}` : label;
}
