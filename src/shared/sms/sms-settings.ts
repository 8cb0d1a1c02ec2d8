// No zod here: the column's type and the pages that only read the settings need none of it.

/** The txt.co.zw account's host: www.txt.co.zw bills in ZWG, usd.txt.co.zw in USD. */
export const SMS_ACCOUNTS = ['ZWG', 'USD'] as const;
export type SmsAccount = (typeof SMS_ACCOUNTS)[number];

/**
 * The event's text-message settings (off until an admin turns them on). The REMOTE user's password is not
 * here: it is kept encrypted in its own column and never leaves the server.
 */
export interface SmsSettings {
  enabled: boolean;
  account: SmsAccount;
  username: string;
  /** A number registered with txt.co.zw as a sending number; blank: txt.co.zw's own. */
  senderNumber: string;
  /** At most this many messages in the edition; at the cap only the essential ones still go. */
  capPerEdition: number;
  /** Reminders and bulk messages wait for this window (Harare time, HH:MM); replies go at once. */
  sendFrom: string;
  sendUntil: string;
}

export const DEFAULT_SMS_SETTINGS: SmsSettings = {
  enabled: false,
  account: 'USD',
  username: '',
  senderNumber: '',
  capPerEdition: 2000,
  sendFrom: '08:00',
  sendUntil: '20:00',
};

/** How an entrant wants his messages: "Send my confirmation by: SMS / email / both". */
export const NOTIFY_BY = ['sms', 'email', 'both'] as const;
export type NotifyBy = (typeof NOTIFY_BY)[number];
export const NOTIFY_BY_LABELS: Record<NotifyBy, string> = { sms: 'SMS', email: 'Email', both: 'Both' };
