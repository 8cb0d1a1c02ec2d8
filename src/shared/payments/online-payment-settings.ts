// No zod here: the column's type and the pages that only read the settings need none of it.

/**
 * How Paynow is offered: express checkout by EcoCash or OneMoney (a PIN prompt on the payer's phone), by
 * InnBucks or O'mari (a code the payer approves in the wallet's app), and web checkout (cards, other wallets).
 */
export const ONLINE_PAYMENT_METHODS = ['ecocash', 'onemoney', 'innbucks', 'omari', 'web'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

/**
 * The event's online payment settings (off until an admin turns them on). The integration key is not here:
 * it is kept encrypted in its own column and never leaves the server.
 */
export interface OnlinePaymentSettings {
  enabled: boolean;
  integrationId: string;
  methods: OnlinePaymentMethod[];
  /** The currency of the Paynow account: every online payment is in it. */
  currency: 'USD' | 'ZWG';
  /**
   * The method name Paynow knows O'mari by: `paygo` in Paynow's own documents, `omari` on one copy of its
   * developer site. Absent in settings saved before there was a choice: `paygo`.
   */
  omariMethod?: string;
}

/** O'mari's method name when the admin has not chosen another. */
export const DEFAULT_OMARI_METHOD = 'paygo';

/** The wallets whose payer approves a code in the wallet's app, rather than a PIN prompt. */
export const CODE_WALLETS = ['innbucks', 'omari'] as const;
export type CodeWallet = (typeof CODE_WALLETS)[number];
export const isCodeWallet = (method: string): method is CodeWallet =>
  (CODE_WALLETS as readonly string[]).includes(method);

/** The labels of the methods, as the settings page and the payer's buttons name them. */
export const ONLINE_PAYMENT_METHOD_LABELS: Record<OnlinePaymentMethod, string> = {
  ecocash: 'EcoCash',
  onemoney: 'OneMoney',
  innbucks: 'InnBucks',
  omari: 'O’mari',
  web: 'Card or other wallet',
};
