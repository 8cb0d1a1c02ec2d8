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

export type PaymentMethodKey = 'usd' | 'zwg' | 'cash' | 'mobileMoney';

/** The ways to pay in the order entrants see them: mobile money first when it is set (most pay that way). */
export function paymentOrder(payment: { mobileMoney: { number: string } }): PaymentMethodKey[] {
  return payment.mobileMoney.number.trim()
    ? ['mobileMoney', 'usd', 'zwg', 'cash']
    : ['usd', 'zwg', 'cash', 'mobileMoney'];
}
