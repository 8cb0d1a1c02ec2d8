import { harareToday } from '../../../shared/dates.ts';
import { type PaymentMethodKey, paymentOrder } from '../../../shared/events/payments.ts';
import {
  CURRENCIES,
  type Currency,
  MANUAL_PAYMENT_METHODS,
  METHOD_CURRENCY,
  type Participant,
  type PaymentMethod,
} from '../../../shared/participants/participants.ts';

type Fees = Participant['fees'];

const storageKey = (adminId: string) => `celebration:last-payment:${adminId}`;

type Way = { method: PaymentMethod; currency: Currency };
const WAY_OF_KEY: Record<PaymentMethodKey, Way> = {
  mobileMoney: { method: 'mobile_money', currency: 'USD' },
  usd: { method: 'usd_bank', currency: 'USD' },
  zwg: { method: 'zwg_bank', currency: 'ZWG' },
  cash: { method: 'cash', currency: 'USD' },
};

/** The first way to pay the event lists (the order entrants see), as a payment method; cash when unknown. */
export function firstWayToPay(payment: { order: readonly PaymentMethodKey[] } | undefined): Way {
  const first = payment && paymentOrder(payment)[0];
  return first ? WAY_OF_KEY[first] : WAY_OF_KEY.cash;
}

/**
 * The method and currency this admin last recorded a payment with, in this browser; at first, `first` (the
 * event's first way to pay).
 */
export function lastPayment(adminId: string, first: Way = WAY_OF_KEY.cash): Way {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(adminId)) ?? 'null');
    if (MANUAL_PAYMENT_METHODS.includes(saved?.method) && CURRENCIES.includes(saved?.currency)) return saved;
  } catch {
    // Unreadable or refused storage: start from the first way to pay.
  }
  return first;
}

export function rememberPayment(adminId: string, method: PaymentMethod, currency: Currency) {
  try {
    localStorage.setItem(storageKey(adminId), JSON.stringify({ method, currency }));
  } catch {
    // Private browsing may refuse storage; the next payment starts from the first way to pay again.
  }
}

/** Today in Harare, as an <input type="date"> wants it (YYYY-MM-DD). */

/** The race's fee in a currency a form holds (maybe none yet); null when none is set. */
export const feeIn = (fees: Fees, currency: string) =>
  currency === 'USD' || currency === 'ZWG' ? fees[currency] : null;

/**
 * The amount after the currency changes from `from` to `to`: the race's fee in the new currency, unless an
 * amount other than the old fee was typed.
 */
export function amountAfter(fees: Fees, amount: string, from: string, to: string) {
  return !amount || amount === feeIn(fees, from) ? (feeIn(fees, to) ?? '') : amount;
}

/**
 * A payment as this admin most likely took it: the statement's account when marking from one, else the last
 * method (at first the event's first way to pay), its currency (a bank transfer says it; else the last
 * currency, or the other one where the race has a fee only in that), the race's fee and today.
 */
export function paidDefaults(
  adminId: string,
  fees: Fees,
  ways: { first?: Way; account?: 'usd_bank' | 'zwg_bank' | 'mobile_money' } = {},
) {
  const last = ways.account
    ? { method: ways.account, currency: METHOD_CURRENCY[ways.account] ?? 'USD' }
    : lastPayment(adminId, ways.first);
  const other = last.currency === 'USD' ? 'ZWG' : 'USD';
  const currency =
    METHOD_CURRENCY[last.method] ??
    (fees[last.currency] === null && fees[other] !== null ? other : last.currency);
  return { method: last.method, currency, amount: fees[currency] ?? '', paidOn: harareToday() };
}

/** "Paid USD 10.00, fee USD 15.00" parts when what was paid differs from the race's fee in that currency. */
export function paidOffFee(entry: Pick<Participant, 'paymentStatus' | 'payment' | 'fees'>) {
  const { amount, currency } = entry.payment;
  if (entry.paymentStatus !== 'paid' || amount === null || currency === null) return undefined;
  const due = entry.fees[currency];
  if (due === null || Number(due) === Number(amount)) return undefined;
  return { currency, paid: amount, fee: due };
}
