import { DEFAULT_SMS_SETTINGS, type SmsSettings } from '../../../shared/sms/sms-settings.ts';
import {
  ENTRANTS_WITHOUT_EMAIL,
  type SmsSettingsInput,
  type SmsSettingsView,
  type TestSmsSent,
  withoutEmailWarning,
} from '../../../shared/sms/sms-settings-input.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, Problem } from '../../http/problem.ts';
import { recordTestSms, smsAccountOf } from '../../sms/repository.ts';
import { FIRST_CHECK_SECONDS } from '../../sms/sender.ts';
import { encryptSmsPassword } from '../../sms/sms-password.ts';
import { oneSegment } from '../../sms/sms-text.ts';
import { type AuditActor, recordAudit } from '../audit-log/service.ts';
import { getCurrentEvent, getCurrentEventId } from '../events/service.ts';
import { countWithoutEmail, saveSmsSettings } from './repository.ts';

/** Problem codes of the test message: no account saved yet; the gateway did not take it. */
export const NO_SMS_ACCOUNT = 'no_sms_account';
export const SMS_GATEWAY_REFUSED = 'sms_gateway_refused';

export async function smsSettings(context: AppContext): Promise<SmsSettingsView> {
  const eventId = await getCurrentEventId(context.database.db);
  const account = await smsAccountOf(context.database.db, eventId);
  return {
    ...(account?.settings ?? DEFAULT_SMS_SETTINGS),
    passwordSet: Boolean(account?.passwordEncrypted),
    entrantsWithoutEmail: await countWithoutEmail(context.database.db, eventId),
  };
}

export async function saveSmsSettingsOf(
  context: AppContext,
  input: SmsSettingsInput,
  /** Whoever saves them (null: set up by the server or a test). */
  actor: AuditActor = null,
): Promise<SmsSettingsView> {
  const { db } = context.database;
  const eventId = await getCurrentEventId(db);
  const account = await smsAccountOf(db, eventId);
  if (input.enabled && !input.password && !account?.passwordEncrypted) {
    throw badRequest('Please check the form.', [
      { path: 'password', message: 'Enter the password to turn text messages on' },
    ]);
  }
  const { password, confirmNoMessages, ...rest } = input;
  const settings: SmsSettings = rest;
  const encrypted = password ? encryptSmsPassword(context.secret, eventId, password) : undefined;
  const turningOff = Boolean(account?.settings?.enabled) && !settings.enabled;
  await db.transaction(async (tx) => {
    const withoutEmail = turningOff ? await countWithoutEmail(tx, eventId) : 0;
    // The number he was shown, not a yes: entries made since he was asked are asked about again.
    if (withoutEmail > 0 && confirmNoMessages !== withoutEmail) {
      throw new Problem(
        409,
        'Conflict',
        `${withoutEmailWarning(withoutEmail)} Confirm to turn text messages off anyway.`,
        undefined,
        undefined,
        ENTRANTS_WITHOUT_EMAIL,
        { count: withoutEmail },
      );
    }
    await saveSmsSettings(tx, eventId, settings, encrypted);
    // Which settings, and whether the password was replaced: never the password itself.
    await recordAudit(tx, actor, {
      action: 'sms-settings.update',
      subject: `event ${eventId}`,
      details: {
        enabled: settings.enabled,
        account: settings.account,
        capPerEdition: settings.capPerEdition,
        passwordReplaced: Boolean(encrypted),
        ...(withoutEmail > 0 ? { confirmedNoMessagesTo: withoutEmail } : {}),
      },
    });
  });
  // The registration forms read the event from memory (whether SMS are on).
  await context.currentEvent.reload();
  return smsSettings(context);
}

/**
 * A test message, sent at once through the gateway with the saved settings, even while text messages are off.
 * It goes in the outbox with its outcome, so an accepted one counts against the cap as every other does.
 */
export async function sendTestSms(
  context: AppContext,
  to: string,
  actor: AuditActor = null,
): Promise<TestSmsSent> {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  const provider = await context.sms.testProviderFor(event.id);
  if (!provider) {
    throw conflict(
      'Save the username and password of your txt.co.zw REMOTE user first, then send the test.',
      NO_SMS_ACCOUNT,
    );
  }
  const body = oneSegment(event.title, 'test message from Celebration. Your SMS settings work.');
  const result = await provider.send({ to, body });
  await recordTestSms(db, { eventId: event.id, to, body }, result, FIRST_CHECK_SECONDS);
  // Never the number: whether it went, and the gateway's words when it did not.
  await recordAudit(db, actor, {
    action: 'sms-settings.test',
    subject: `event ${event.id}`,
    details: result.ok ? { sent: true, gatewayId: result.gatewayId } : { sent: false, reason: result.reason },
  });
  if (!result.ok) {
    throw new Problem(
      502,
      'Bad Gateway',
      `The test message did not go: ${result.reason}${whatItMeans(result.reason)}`,
      undefined,
      undefined,
      SMS_GATEWAY_REFUSED,
    );
  }
  return { sent: true, gatewayId: result.gatewayId };
}

/** What txt.co.zw's less plain answers usually mean, as integrators report them. */
function whatItMeans(reason: string) {
  if (/^HTTP 30\d to \S*logon/i.test(reason)) return ' (txt.co.zw’s answer to a wrong username or password)';
  if (/^HTTP 403/.test(reason)) return ' (txt.co.zw’s answer to a server address not on the account’s list)';
  return '';
}
