import type { EmailChangeLink } from '../../../shared/registrations/email-change.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { notFound, Problem } from '../../http/problem.ts';
import type { Links } from '../../links.ts';
import { enqueueMailWithinLimit } from '../../mail/repository.ts';
import { ENTRANT_TEXTS } from '../../sms/entrant-texts.ts';
import {
  entryLinkDigest,
  newPrivateLink,
  type TextedEntrant,
  textEntrant,
} from '../registrations/service.ts';
import { findEmailChange, pendingEmailChangeOf, putEmailChange, takeEmailChange } from './repository.ts';

/** How long the link mailed to a new address confirms it. */
export const EMAIL_CHANGE_HOURS = 48;
/** Mails of each kind (the link to the new address, the notice to the old one) per address an hour. */
export const EMAIL_CHANGE_MAILS_PER_HOUR = 3;
const HOUR = 3600;

const NO_SUCH_CHANGE =
  'This link does not confirm an address: it may have expired, been used already, or a newer change was asked.';

/** "t•••@example.com": enough for the old address's owner to recognise it, not to learn it. */
export const maskedEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

export interface EmailChangeAsked {
  /** Its email is null where the entrant gave none: he is told by text alone. */
  entry: { id: string; reference: string; email: string | null };
  newEmail: string;
  /** Who asked, as the entry's history names them. */
  askedBy: string;
  eventTitle: string;
  links: Links;
  /** While the event's texts are on: the entrant as he was, whose number is told too. */
  text?: { eventId: string; contactPhone: string; entrant: TextedEntrant };
}

/**
 * Asks for an entry's email to change (in the caller's transaction): nothing changes until the link mailed to
 * the new address is followed; the old address is told. The new address is whatever was typed, so its mail
 * carries no name, only the reference, and each address gets few such mails an hour: over that, the change is
 * refused (429) and nothing is kept.
 */
export async function askEmailChange(tx: Transaction, asked: EmailChangeAsked, now = new Date()) {
  const { entry, newEmail, eventTitle } = asked;
  const link = newPrivateLink(asked.links, 'ConfirmEmail');
  const limit = { max: EMAIL_CHANGE_MAILS_PER_HOUR, seconds: HOUR };
  const sent = await enqueueMailWithinLimit(
    tx,
    {
      to: newEmail,
      kind: 'email-change',
      subject: `${eventTitle}: confirm your email address`,
      text: [
        'Hello,',
        '',
        `This address was given as the new email of the entry ${entry.reference} for the ${eventTitle}.`,
        `To confirm it, open this link within ${EMAIL_CHANGE_HOURS} hours:`,
        link.url,
        '',
        'Until it is confirmed, the entry keeps its old address. If you did not expect this mail, ignore it: nothing changes.',
      ].join('\n'),
    },
    limit,
  );
  if (!sent) {
    throw new Problem(
      429,
      'Too Many Requests',
      'Several confirmation mails went to this address in the last hour: please try again later.',
    );
  }
  await putEmailChange(tx, {
    registrationId: entry.id,
    newEmail,
    tokenDigest: link.digest,
    askedBy: asked.askedBy,
    askedAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_HOURS * HOUR * 1000),
  });
  // Told at most a few times an hour: more would only let the link's holder fill the old inbox.
  if (entry.email)
    await enqueueMailWithinLimit(
      tx,
      {
        to: entry.email,
        kind: 'email-change-notice',
        subject: `${eventTitle}: a change of your email was asked`,
        text: [
          'Hello,',
          '',
          `A change of the email of the entry ${entry.reference} for the ${eventTitle} was asked, to ${maskedEmail(newEmail)}.`,
          `It takes effect only if the link we mailed to that address is followed within ${EMAIL_CHANGE_HOURS} hours; until then this address stays.`,
          'If you did not ask for it, reply to this mail or tell the organisers.',
        ].join('\n'),
      },
      limit,
    );
  if (asked.text) {
    await textEntrant(statementsOn(tx), asked.links, asked.text.entrant, {
      eventId: asked.text.eventId,
      registrationId: entry.id,
      kind: 'email-change-notice',
      perNumber: { max: limit.max, seconds: limit.seconds },
      title: eventTitle,
      text: ENTRANT_TEXTS.emailChanging({
        reference: entry.reference,
        contactPhone: asked.text.contactPhone,
      }),
    });
  }
}

/** The change a link confirms, for its page (a GET changes nothing: mail scanners open links). */
export async function emailChangeOfLink(context: AppContext, token: string): Promise<EmailChangeLink> {
  const change = await changeOfLink(context, token);
  return { reference: change.reference, email: change.newEmail };
}

/** The entry a link's change is for (404 when the link confirms nothing). */
export async function changeOfLink(context: AppContext, token: string) {
  const change = await findEmailChange(context.database.db, entryLinkDigest(token), new Date());
  if (!change) throw notFound(NO_SUCH_CHANGE);
  return change;
}

/** Takes the change a link confirms, in the caller's transaction; 404 when there is none (any more). */
export async function takeConfirmedChange(tx: Database, token: string, now = new Date()) {
  const change = await takeEmailChange(tx, entryLinkDigest(token), now);
  if (!change) throw notFound(NO_SUCH_CHANGE);
  return change;
}

/** The confirmation an entry waits for, shown on /My. */
export async function pendingEmailChange(db: Database, registrationId: string, now = new Date()) {
  const change = await pendingEmailChangeOf(db, registrationId, now);
  return change ? { email: change.newEmail, until: change.expiresAt.toISOString() } : null;
}
