// No zod here: the column's type and the pages that only read the settings need none of it.

/** How Paynow is offered: express checkout by EcoCash or OneMoney, and web checkout (cards, other wallets). */
export const ONLINE_PAYMENT_METHODS = ['ecocash', 'onemoney', 'web'] as const;
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
}

/** The labels of the methods, as the settings page and the payer's buttons name them. */
export const ONLINE_PAYMENT_METHOD_LABELS: Record<OnlinePaymentMethod, string> = {
  ecocash: 'EcoCash',
  onemoney: 'OneMoney',
  web: 'Card or other wallet',
};
