// The admin screens' own copy of shared/money.ts's formatMoney: importing that module from here made the
// bundler give it a chunk of its own, one more request for /Register and /RegisterCyclist.

/** "USD 1,250.00", "ZWG 0.00". */
export const moneyText = (currency: 'USD' | 'ZWG', amount: string) =>
  `${currency} ${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
