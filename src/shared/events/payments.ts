// The ways to pay as entrants see them; no zod here, so public pages stay small.

/** Fills the amount into a mobile-money code pattern. */
export function mobileMoneyCode(pattern: string, amount: string) {
  return pattern.replaceAll('{amount}', amount);
}

/** Where no fee is known: the code before and after the amount, for saying "enter the amount" in words. */
export function codeAroundAmount(pattern: string) {
  const at = pattern.indexOf('{amount}');
  return at < 0
    ? { before: pattern, after: '' }
    : {
        before: pattern.slice(0, at),
        after: pattern.slice(at + '{amount}'.length).replaceAll('{amount}', ''),
      };
}

/** A code as words read it: "*151*1*1*0770000000*10.00#", or "*151*…*, then enter the amount, then #". */
export function mobileMoneyCodeText(pattern: string, amount: string | null) {
  if (amount) return mobileMoneyCode(pattern, amount);
  const { before, after } = codeAroundAmount(pattern);
  return after ? `${before}, then enter the amount, then ${after}` : `${before}, then enter the amount`;
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
  const codes: { currency: 'USD' | 'ZWG'; pattern: string; fee: string | null }[] = [
    { currency: 'USD', pattern: mobileMoney.codePattern, fee: fees.usd },
  ];
  if (mobileMoney.zwgCodePattern.trim()) {
    codes.push({ currency: 'ZWG', pattern: mobileMoney.zwgCodePattern, fee: fees.zwg });
  }
  return codes;
}
