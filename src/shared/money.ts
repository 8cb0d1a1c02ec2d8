/** "USD 10.00", "ZWG 250.00"; null when no fee is set. */
export function formatMoney(currency: 'USD' | 'ZWG', amount: string | null): string | null {
  if (amount === null) return null;
  const value = Number(amount);
  return `${currency} ${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Both fees of a race, e.g. "USD 10.00 or ZWG 250.00"; null when neither is set. */
export function formatFees(feeUsd: string | null, feeZwg: string | null): string | null {
  const parts = [formatMoney('USD', feeUsd), formatMoney('ZWG', feeZwg)].filter(Boolean);
  return parts.length ? parts.join(' or ') : null;
}
