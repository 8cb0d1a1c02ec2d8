// The ways to pay as entrants see them; no zod here, so public pages stay small.

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
