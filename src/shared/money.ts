/** "USD 10.00", "ZWG 250.00"; null when no fee is set. The admin's screens write money this way. */
export function formatMoney(currency: 'USD' | 'ZWG', amount: string | null): string | null {
  if (amount === null) return null;
  return `${currency} ${amountText(amount)}`;
}

// One format kept and used again: toLocaleString with options builds a new one for each amount (~50 times
// slower), and the forms write every race's fees on each render. Made on first use, not at load (see
// events/event-facts.ts).
let twoDecimals: Intl.NumberFormat | undefined;
const amountText = (amount: string) => {
  twoDecimals ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return twoDecimals.format(Number(amount));
};

/** What an entrant pays, as a price tag reads: "US$10.00", "ZWG 270.00"; null when not set. */
export function priceText(currency: 'USD' | 'ZWG', amount: string | null): string | null {
  if (amount === null) return null;
  return currency === 'USD' ? `US$${amountText(amount)}` : `ZWG ${amountText(amount)}`;
}

/**
 * A race's fee in each currency set: "US$10.00 or ZWG 270.00" (a total), "US$10.00 / ZWG 270.00" with
 * `separator` ' / ' (beside a race); null when neither is set.
 */
export function formatFees(feeUsd: string | null, feeZwg: string | null, separator = ' or '): string | null {
  const parts = [priceText('USD', feeUsd), priceText('ZWG', feeZwg)].filter(Boolean);
  return parts.length ? parts.join(separator) : null;
}

/** Where no fee is set, entrants are told so in words, never shown a blank. */
export const feeToBeConfirmed = (phone: string) => `The organisers will confirm the fee: call ${phone}.`;
