// Plain values and helpers for showing an event; no zod here, so public pages stay small.

export const DISCIPLINES = ['run', 'cycle'] as const;
export type Discipline = (typeof DISCIPLINES)[number];
export const DISCIPLINE_LABELS: Record<Discipline, string> = { run: 'Runner', cycle: 'Cyclist' };

export const displayPhone = (event: { phoneDisplay: Record<string, string> }, e164: string) =>
  event.phoneDisplay[e164] ?? e164;

/** Fills the amount into a mobile-money code pattern. */
export function mobileMoneyCode(pattern: string, amount: string | null) {
  return pattern.replaceAll('{amount}', amount ?? 'AMOUNT');
}

export const PAYMENT_METHOD_KEYS = ['mobileMoney', 'usd', 'zwg', 'cash'] as const;
export type PaymentMethodKey = (typeof PAYMENT_METHOD_KEYS)[number];

/** The ways to pay in the order the organisers set (mobile money first unless they chose otherwise); each once. */
export function paymentOrder(payment: { order: readonly PaymentMethodKey[] }): PaymentMethodKey[] {
  return [...new Set([...payment.order, ...PAYMENT_METHOD_KEYS])];
}

export const PAYMENT_METHOD_NAMES: Record<PaymentMethodKey, string> = {
  mobileMoney: 'Mobile money',
  usd: 'USD bank transfer',
  zwg: 'ZWG bank transfer',
  cash: 'Cash',
};

/** What a mobile-money payer is told when the organisers wrote nothing: the USSD menu takes no reference. */
export const defaultMatchingNote = (contactPhone: string) =>
  `Pay from the number you registered with, or send your reference by SMS to ${contactPhone}.`;

interface MobileMoney {
  codePattern: string;
  zwgCodePattern: string;
}

/**
 * The code to dial in each currency the organisers take mobile money in, with the fee filled in when there
 * is one: US$ always, ZWG where its code is set.
 */
export function mobileMoneyCodes(mobileMoney: MobileMoney, fees: { usd: string | null; zwg: string | null }) {
  const codes: { currency: 'USD' | 'ZWG'; code: string; fee: string | null }[] = [
    { currency: 'USD', code: mobileMoneyCode(mobileMoney.codePattern, fees.usd), fee: fees.usd },
  ];
  if (mobileMoney.zwgCodePattern.trim()) {
    codes.push({
      currency: 'ZWG',
      code: mobileMoneyCode(mobileMoney.zwgCodePattern, fees.zwg),
      fee: fees.zwg,
    });
  }
  return codes;
}

const eventDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
/** "Saturday 14 March 2026" for the event's day (YYYY-MM-DD). */
export const formatEventDay = (isoDate: string) => eventDay.format(new Date(`${isoDate}T00:00:00Z`));

const closingTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Harare',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** "Friday 27 February 2026 at 17:00" (Harare) for an ISO time. */
export const formatClosingTime = (iso: string) => closingTime.format(new Date(iso));

/** The lowest fee in each currency among the races: what the landing page quotes as "from". */
export function lowestFees(races: readonly { feeUsd: string | null; feeZwg: string | null }[]) {
  const lowest = (fees: (string | null)[]) => {
    const set = fees.filter((fee): fee is string => fee !== null);
    return set.length ? set.reduce((a, b) => (Number(b) < Number(a) ? b : a)) : null;
  };
  return { usd: lowest(races.map((r) => r.feeUsd)), zwg: lowest(races.map((r) => r.feeZwg)) };
}
