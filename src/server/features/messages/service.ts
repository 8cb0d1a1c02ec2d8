import { harareToday } from '../../../shared/dates.ts';
import {
  type AUDIENCE_PAYMENTS,
  type Audience,
  type MessageDraft,
  type MessagePreview,
  type SentMessage,
  SMS_MAX_SEGMENTS,
  unknownPlaceholders,
} from '../../../shared/messages/message.ts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import type { Links } from '../../links.ts';
import { type OutgoingMail, queueMails } from '../../mail/repository.ts';
import { repeatWhileListening } from '../../repeat.ts';
import { newShortCode, smsRecipientOf, wantsMail, wantsSms } from '../../sms/entrant-sms.ts';
import { queueHeldTexts } from '../../sms/repository.ts';
import { mailAdmins } from '../accounts/service.ts';
import { type AuditActor, recordAudit } from '../audit-log/service.ts';
import { type EventRow, getCurrentEventId, getEdition, textsOn } from '../events/service.ts';
import { entryLinkDigest, newEntryLink } from '../registrations/service.ts';
import { type Compose, messageFor, SMS_MAX_CHARACTERS, smsSegments, usesLink } from './compose.ts';
import { RACE_PACK_KIND, racePack } from './race-pack.ts';
import {
  audienceOf,
  claimDueMessages,
  countSent,
  entrantsWithoutRacePack,
  eventOf,
  findMessage,
  insertMessage,
  insertRecipients,
  keepLinks,
  type MessageRow,
  messagesOf,
  type Recipient,
  racePackOf,
  teamsOf,
  updateMessage,
} from './repository.ts';

/** A scheduled message that could not go within this long of its time is not sent (the admin is told). */
export const MISSED_AFTER_MS = 2 * 60 * 60_000;

/** Which channels reach this person: his own choice first; a mail goes whenever his text cannot. */
function channelsOf(recipient: Recipient, draft: Pick<MessageDraft, 'byMail' | 'bySms'>, texts: boolean) {
  const sms = draft.bySms && texts && wantsSms(recipient.notifyBy) && !recipient.smsStopped;
  const mail =
    draft.byMail &&
    recipient.email !== null &&
    wantsMail(recipient.notifyBy, sms || (draft.bySms && recipient.smsStopped));
  return { mail, sms };
}

/** "2026-12-05T18:00" in Harare (UTC+2 all year) as an instant. */
const harareInstant = (local: string) => new Date(`${local}:00+02:00`);

async function editionOf(context: AppContext, audience: Audience) {
  const id = audience.editionId ?? (await getCurrentEventId(context.database.db));
  try {
    return await getEdition(context.database.db, id);
  } catch {
    throw badRequest('Please check the form.', [{ path: 'audience.editionId', message: 'No such edition' }]);
  }
}

function checkDraft(draft: MessageDraft) {
  const errors: { path: string; message: string }[] = [];
  for (const field of ['subject', 'body', 'smsText'] as const) {
    const unknown = unknownPlaceholders(draft[field]);
    if (unknown.length > 0) {
      errors.push({ path: field, message: `Not a placeholder: {${unknown.join('}, {')}}` });
    }
  }
  if (
    draft.audience.people === 'waitlist' &&
    (draft.audience.payment || draft.audience.team || draft.audience.checkedIn)
  ) {
    errors.push({ path: 'audience.people', message: 'People waiting have no payment, team or check-in yet' });
  }
  if (errors.length > 0) throw badRequest('Please check the form.', errors);
}

/** Who the draft reaches and by which channel, with the first recipient's message filled in. */
export async function previewMessage(context: AppContext, draft: MessageDraft): Promise<MessagePreview> {
  checkDraft(draft);
  const edition = await editionOf(context, draft.audience);
  const recipients = await audienceOf(context.database.db, edition.id, draft.audience);
  const texts = textsOn(edition);
  let mails = 0;
  let sms = 0;
  let smsSegmentsInAll = 0;
  let longest = 0;
  for (const recipient of recipients) {
    const channels = channelsOf(recipient, draft, texts);
    if (channels.mail) mails += 1;
    if (draft.bySms) {
      // Checked for everyone, so that a text too long is found before anyone chooses texts.
      const text = messageFor(draft, recipient, sampleLinks(context.links)).smsText;
      longest = Math.max(longest, text.length);
      if (channels.sms) {
        sms += 1;
        smsSegmentsInAll += smsSegments(text);
      }
    }
  }
  checkTextLength(longest);
  const first = recipients[0];
  return {
    entrants: recipients.length,
    mails,
    sms,
    smsSegments: smsSegmentsInAll,
    notByMail: draft.byMail ? recipients.length - mails : 0,
    notBySms: draft.bySms ? recipients.length - sms : 0,
    sample: first ? messageFor(draft, first, sampleLinks(context.links)) : null,
  };
}

/** Links as long as the real ones, for counting and showing: a preview never makes a working link. */
const sampleLinks = (links: Links) => ({
  mail: links.privateLink('My', 'x'.repeat(32)),
  sms: links.page(`/m/${'x'.repeat(20)}`),
});

function checkTextLength(longest: number) {
  if (longest > SMS_MAX_CHARACTERS) {
    throw badRequest('Please check the form.', [
      {
        path: 'smsText',
        message: `Too long once filled in (${longest} characters): at most ${SMS_MAX_SEGMENTS} texts, ${SMS_MAX_CHARACTERS} characters`,
      },
    ]);
  }
}

function assertPublished(edition: EventRow) {
  if (edition.publishedAt === null) {
    throw conflict('This edition is a draft: nothing is sent until it is published.', 'edition_draft');
  }
}

/** Sends the draft now, or keeps it for its time (Harare). */
export async function sendMessage(
  context: AppContext,
  draft: MessageDraft,
  actor: AuditActor,
  now = new Date(),
): Promise<SentMessage> {
  checkDraft(draft);
  const edition = await editionOf(context, draft.audience);
  assertPublished(edition);
  const sendAt = draft.sendAt ? harareInstant(draft.sendAt) : now;
  if (draft.sendAt && sendAt.getTime() < now.getTime() - 60_000) {
    throw badRequest('Please check the form.', [{ path: 'sendAt', message: 'That time has passed' }]);
  }
  const scheduled = sendAt.getTime() > now.getTime();
  // A message kept for later is checked now as it would be sent (its texts' length once filled in).
  if (scheduled) await previewMessage(context, draft);
  const id = await context.database.db.transaction(async (tx) => {
    const message = await insertMessage(tx, {
      eventId: edition.id,
      audience: { ...draft.audience, editionId: edition.id },
      byMail: draft.byMail,
      bySms: draft.bySms,
      subject: draft.subject,
      body: draft.body,
      smsText: draft.smsText,
      state: 'scheduled',
      sendAt,
      createdBy: actor?.id ?? null,
      createdByName: actor?.name ?? null,
    });
    if (!scheduled) await fanOut(tx, context.links, edition, message);
    await recordAudit(tx, actor, {
      action: scheduled ? 'message.schedule' : 'message.send',
      subject: `message ${message.id}`,
      filters: { ...draft.audience, byMail: draft.byMail, bySms: draft.bySms },
    });
    return message.id;
  });
  if (!scheduled) kick(context);
  return messageView(context, id);
}

function kick(context: AppContext) {
  context.mailer.kick();
  context.sms.kick();
}

/**
 * Queues the message to everyone its audience names now, in the caller's transaction: a mail and/or a text
 * each, with a new private link where the message has {link}.
 */
async function fanOut(tx: Transaction, links: Links, edition: EventRow, message: MessageRow) {
  const recipients = await audienceOf(tx, edition.id, message.audience);
  await queueTo(tx, links, edition, message, recipients, (recipient, urls) =>
    messageFor(message, recipient, urls),
  );
}

/**
 * Queues one message's mails and texts to these recipients (new private links where the templates use
 * {link}), notes each recipient, and adds the counts to the message.
 */
export async function queueTo(
  tx: Transaction,
  links: Links,
  edition: EventRow,
  message: MessageRow,
  recipients: Recipient[],
  compose: Compose,
  /** Whether the mail and the text carry a private link: where the admin's text has {link}. */
  { mailLink, smsLink } = { mailLink: usesLink(message.body), smsLink: usesLink(message.smsText) },
) {
  const texts = textsOn(edition);
  const linkRows: { tokenDigest: string; registrationId: string; short: boolean }[] = [];
  const smsList: { to: string; body: string; registrationId: string | null; waitlistId: string | null }[] =
    [];
  const smsUrlOf = new Map<string, string>();
  const chosen = recipients.map((recipient) => {
    const channels = channelsOf(recipient, message, texts);
    if (!channels.sms) return channels;
    let smsUrl = '';
    if (!recipient.waiting && smsLink) {
      const code = newShortCode();
      linkRows.push({ tokenDigest: entryLinkDigest(code), registrationId: recipient.id, short: true });
      smsUrl = links.page(`/m/${code}`);
      smsUrlOf.set(recipient.id, smsUrl);
    }
    const { smsText } = compose(recipient, { mail: '', sms: smsUrl });
    checkTextLength(smsText.length);
    smsList.push({
      to: smsRecipientOf(recipient),
      body: smsText,
      registrationId: recipient.waiting ? null : recipient.id,
      waitlistId: recipient.waiting ? recipient.id : null,
    });
    return channels;
  });
  const smsIdOf = await queueHeldTexts(statementsOn(tx), edition.id, message.kind, smsList);

  const mails: OutgoingMail[] = [];
  const mailOf: string[] = [];
  recipients.forEach((recipient, index) => {
    const channels = chosen[index];
    // Whoever chose texts alone is mailed when his text could not be queued (the cap): nobody is left untold.
    const mail =
      channels?.mail ||
      (message.byMail && channels?.sms && !smsIdOf.has(recipient.id) && wantsMail(recipient.notifyBy, false));
    if (!mail || recipient.email === null) return;
    let mailUrl = '';
    if (!recipient.waiting && mailLink) {
      const link = newEntryLink(links);
      linkRows.push({ tokenDigest: link.digest, registrationId: recipient.id, short: false });
      mailUrl = link.url;
    }
    const filled = compose(recipient, { mail: mailUrl, sms: smsUrlOf.get(recipient.id) ?? '' });
    mails.push({
      to: recipient.email,
      subject: filled.subject,
      text: filled.body,
      kind: message.kind,
      ...filled.mail,
    });
    mailOf.push(recipient.id);
  });
  await keepLinks(tx, linkRows);
  const mailIds = await queueMails(tx, mails);
  const mailIdOf = new Map(mailOf.map((id, index) => [id, mailIds[index]]));
  await insertRecipients(
    tx,
    recipients.map((recipient) => ({
      messageId: message.id,
      registrationId: recipient.waiting ? null : recipient.id,
      waitlistId: recipient.waiting ? recipient.id : null,
      mailId: mailIdOf.get(recipient.id) ?? null,
      smsId: smsIdOf.get(recipient.id) ?? null,
    })),
  );
  await countSent(tx, message.id, {
    entrants: recipients.length,
    notByMail: message.byMail ? recipients.length - mails.length : 0,
    // Those who chose no texts, and those the cap or texts being off left out.
    notBySms: message.bySms ? recipients.length - smsIdOf.size : 0,
  });
}

export async function cancelMessage(context: AppContext, id: string, actor: AuditActor) {
  await context.database.db.transaction(async (tx) => {
    const message = await findMessage(tx, id, true);
    if (message?.kind !== 'message') throw notFound('No such message.');
    if (message.state !== 'scheduled')
      throw conflict('Only a message waiting for its time can be cancelled.');
    await updateMessage(tx, id, { state: 'cancelled' });
    await recordAudit(tx, actor, { action: 'message.cancel', subject: `message ${id}` });
  });
  return messageView(context, id);
}

/**
 * Sends the scheduled messages whose time has come; one more than 2 hours late (the server was down, or the
 * edition still a draft) is not sent, and the admins are told. Safe on several servers at once.
 */
export async function sendDueMessages(context: AppContext, now = new Date()) {
  const missed: MessageRow[] = [];
  const sent = await context.database.db.transaction(async (tx) => {
    let count = 0;
    for (const message of await claimDueMessages(tx, now)) {
      // Inside the transaction: PGlite has one connection, which the transaction holds.
      const edition = await eventOf(tx, message.eventId);
      if (!edition) continue;
      if (now.getTime() - message.sendAt.getTime() > MISSED_AFTER_MS) {
        await updateMessage(tx, message.id, { state: 'missed' });
        missed.push(message);
      } else if (edition.publishedAt !== null) {
        await fanOut(tx, context.links, edition, message);
        count += 1;
      }
    }
    return count;
  });
  for (const message of missed) await tellMissed(context, message);
  if (sent > 0) kick(context);
  return sent;
}

async function tellMissed(context: AppContext, message: MessageRow) {
  await mailAdmins(context, {
    kind: 'message-missed',
    subject: `Not sent: “${message.subject || message.smsText.slice(0, 40)}”`,
    text: [
      `The message “${message.subject || message.smsText}” was to go at ${harareToday(message.sendAt)} but could not be sent within 2 hours of its time (the server was stopped, or the edition was still a draft), so it was not sent.`,
      '',
      `Send it again if it is still needed: ${context.links.page('/Messages')}`,
    ].join('\n'),
  });
}

/** The newest messages of the current edition (or the one asked), with their delivery states. */
export async function listMessages(context: AppContext, editionId?: string): Promise<SentMessage[]> {
  const eventId = editionId ?? (await getCurrentEventId(context.database.db));
  const rows = await messagesOf(context.database.db, { eventId });
  return rows.map(({ row, delivery }) => asView(row, delivery));
}

async function messageView(context: AppContext, id: string) {
  const [found] = await messagesOf(context.database.db, { id });
  if (!found) throw notFound('No such message.');
  return asView(found.row, found.delivery);
}

function asView(
  row: MessageRow,
  delivery: Awaited<ReturnType<typeof messagesOf>>[number]['delivery'],
): SentMessage {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.kind === 'race-pack' ? 'Race pack' : row.subject,
    audience: audienceInWords(row.audience),
    byMail: row.byMail,
    bySms: row.bySms,
    state: row.state,
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdBy: row.createdByName,
    entrants: row.entrants,
    notByMail: row.notByMail,
    notBySms: row.notBySms,
    mail: {
      waiting: delivery?.mailWaiting ?? 0,
      sent: delivery?.mailSent ?? 0,
      failing: delivery?.mailFailing ?? 0,
    },
    sms: {
      waiting: delivery?.smsWaiting ?? 0,
      accepted: delivery?.smsAccepted ?? 0,
      delivered: delivery?.smsDelivered ?? 0,
      undelivered: delivery?.smsUndelivered ?? 0,
      failed: delivery?.smsFailed ?? 0,
    },
  };
}

const PAYMENT_WORDS: Record<(typeof AUDIENCE_PAYMENTS)[number], string> = {
  paid: 'paid',
  unpaid: 'unpaid',
  part_paid: 'part paid',
};

/** "Entrants · Runners · 10km · unpaid · minors", for the list of messages. */
export function audienceInWords(audience: Audience) {
  return [
    audience.people === 'waitlist' ? 'People waiting' : 'Entrants',
    audience.discipline === 'run' ? 'Runners' : audience.discipline === 'cycle' ? 'Cyclists' : undefined,
    audience.race,
    audience.payment ? PAYMENT_WORDS[audience.payment] : undefined,
    audience.minor === 'yes' ? 'minors' : audience.minor === 'no' ? 'adults' : undefined,
    audience.team === 'yes'
      ? 'in a team'
      : audience.team === 'no'
        ? 'not in a team'
        : audience.team
          ? 'one team'
          : undefined,
    audience.checkedIn === 'yes' ? 'checked in' : audience.checkedIn === 'no' ? 'not checked in' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The teams of the edition, for the audience's choice. */
export async function teamChoices(context: AppContext, editionId?: string) {
  const eventId = editionId ?? (await getCurrentEventId(context.database.db));
  return teamsOf(context.database.db, eventId);
}

/**
 * The race pack, from the event's setting of days before the race until the day before it: each active entrant
 * of the current edition gets it once (one who enters later, when he does). Held for the sending hours.
 */
export async function sendRacePacks(context: AppContext, now = new Date()) {
  const eventId = await getCurrentEventId(context.database.db);
  const edition = await getEdition(context.database.db, eventId);
  if (!racePackDue(edition, now)) return 0;
  const sent = await context.database.db.transaction(async (tx) => {
    const pack = await racePackOf(tx, {
      eventId,
      kind: RACE_PACK_KIND,
      audience: { editionId: eventId },
      byMail: true,
      bySms: true,
      subject: 'Race pack',
      body: '',
      smsText: '',
      state: 'sent',
      sendAt: now,
    });
    const entrants = await entrantsWithoutRacePack(tx, eventId, pack.id);
    await queueTo(tx, context.links, edition, pack, entrants, racePack(edition), {
      mailLink: true,
      smsLink: true,
    });
    return entrants.length;
  });
  if (sent > 0) kick(context);
  return sent;
}

const DAY_MS = 24 * 60 * 60_000;

function racePackDue(edition: EventRow, now: Date) {
  if (edition.publishedAt === null || edition.eventDate === null || edition.racePackDaysBefore <= 0)
    return false;
  const today = harareToday(now);
  const from = harareToday(
    new Date(Date.parse(`${edition.eventDate}T12:00:00+02:00`) - edition.racePackDaysBefore * DAY_MS),
  );
  return today >= from && today < edition.eventDate;
}

/** Scheduled messages every minute and race packs with them, while the server listens. */
export function startMessages(context: AppContext, onError: (error: unknown) => void) {
  return repeatWhileListening(
    async () => {
      await sendDueMessages(context);
      await sendRacePacks(context);
    },
    onError,
    { everyMs: 60_000, firstAfterMs: 30_000 },
  );
}
