import * as z from 'zod/mini';
import { phoneNumber } from '../phone.ts';
import { oneLine, wholeNumber } from '../validation.ts';
import { SMS_ACCOUNTS } from './sms-settings.ts';

// The admin's side of the text-message settings (/EventSettings): zod here, so that sms-settings.ts, which the
// column's type and the public pages read, stays without it.

/** txt.co.zw's rule for a REMOTE user's password. */
export const SMS_PASSWORD_MIN = 16;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The settings as the admin sees them: the password only as set or not. */
export const SmsSettingsSchema = z.object({
  enabled: z.boolean(),
  account: z.enum(SMS_ACCOUNTS),
  username: z.string(),
  senderNumber: z.string(),
  capPerEdition: z.number(),
  sendFrom: z.string(),
  sendUntil: z.string(),
  passwordSet: z.boolean(),
  /** Active entries and waitlist places without an email: with texts off they would get no messages. */
  entrantsWithoutEmail: z.number(),
});
export type SmsSettingsView = z.infer<typeof SmsSettingsSchema>;

/** What the admin saves: a blank password keeps the one already set. */
export const SmsSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    account: z.enum(SMS_ACCOUNTS, 'Choose the txt.co.zw account'),
    username: oneLine(100, 'The username is at most 100 characters').check(
      // Basic authentication joins the two with a colon.
      z.refine((username: string) => !username.includes(':'), 'The username cannot contain a colon'),
    ),
    password: z.string().check(
      z.trim(),
      z.maxLength(200, 'The password is at most 200 characters'),
      z.refine(
        (password: string) => password === '' || password.length >= SMS_PASSWORD_MIN,
        `txt.co.zw's passwords have at least ${SMS_PASSWORD_MIN} characters`,
      ),
    ),
    senderNumber: z.pipe(
      z.string().check(z.trim()),
      z.pipe(
        z.transform((number: string) => number.replace(/[\s-]/g, '')),
        z
          .string()
          .check(
            z.regex(
              /^\+?\d{0,15}$/,
              'Enter the sender number in digits as txt.co.zw registered it, or leave it blank',
            ),
          ),
      ),
    ),
    capPerEdition: wholeNumber('the messages per edition', 1, 1_000_000),
    sendFrom: z.string().check(z.trim(), z.regex(HH_MM, 'Enter the time as 08:00')),
    sendUntil: z.string().check(z.trim(), z.regex(HH_MM, 'Enter the time as 20:00')),
    /**
     * Turning texts off while entrants have no email: the admin confirms that these many get no messages. A
     * number, not a yes: one entered since he was asked is asked about again.
     */
    confirmNoMessages: z.optional(z.number().check(z.int(), z.minimum(0))),
  })
  .check(
    z.refine((input) => !input.enabled || input.username !== '', {
      path: ['username'],
      message: 'Enter the username to turn text messages on',
    }),
    // HH:MM compares as text; the window never runs past midnight.
    z.refine(
      (input) =>
        !HH_MM.test(input.sendFrom) || !HH_MM.test(input.sendUntil) || input.sendFrom < input.sendUntil,
      {
        path: ['sendUntil'],
        message: 'The end of the sending hours comes after their start',
      },
    ),
  );
export type SmsSettingsInput = z.infer<typeof SmsSettingsInputSchema>;

/** The 409's code when texts would go off while entrants have no email; its `count` says how many. */
export const ENTRANTS_WITHOUT_EMAIL = 'entrants_without_email';

export const withoutEmailWarning = (count: number) =>
  count === 1
    ? '1 entrant has no email: with texts off they will get no messages (confirmations, reminders, receipts, offers of a place).'
    : `${count} entrants have no email: with texts off they will get no messages (confirmations, reminders, receipts, offers of a place).`;

/** "Send a test SMS to…": any mobile number, sent at once with the saved settings. */
export const TestSmsSchema = z.object({ to: phoneNumber('the mobile number to send the test to') });
export type TestSms = z.infer<typeof TestSmsSchema>;

export const TestSmsSentSchema = z.object({ sent: z.literal(true), gatewayId: z.string() });
export type TestSmsSent = z.infer<typeof TestSmsSentSchema>;
