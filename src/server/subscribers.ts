import type { AppContext } from './context.ts';
import { statementsOn } from './db/statements-on.ts';
import { mailAdmins } from './features/accounts/service.ts';
import { issueReceipts } from './features/receipts/service.ts';
import { OFFER_KIND } from './features/waitlist/mails.ts';
import { offerFreedPlaces, offerTextWent } from './features/waitlist/service.ts';
import { FAILURE_STREAK } from './sms/sender.ts';

/** Who reacts to what, in this order: receipts before the waitlist. */
export function connectSubscribers(context: AppContext) {
  const { signals, links } = context;
  signals.entryPaid.connect((tx, payments) => issueReceipts(tx, payments, links));
  signals.placeFreed.connect(async (tx, { raceId }) => {
    await offerFreedPlaces(statementsOn(tx), raceId, links);
  });
  connectSmsHooks(context);
}

/** What the SMS gateway's answers set off. */
function connectSmsHooks(context: AppContext) {
  context.sms.hooks.accepted = async (text) => {
    if (text.kind === OFFER_KIND && text.waitlistId) await offerTextWent(context, text.waitlistId);
  };
  context.sms.hooks.failing = (reason) =>
    mailAdmins(context, {
      kind: 'sms-failing',
      subject: 'Text messages are failing',
      text: [
        `The last ${FAILURE_STREAK} text messages were refused by the SMS gateway, each for the same reason:`,
        '',
        reason,
        '',
        `They will be tried again for 24 hours. Check the text message settings and the account's credit: ${context.links.page('/EventSettings')}`,
      ].join('\n'),
    });
}
