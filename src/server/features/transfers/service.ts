import { harareToday } from '../../../shared/dates.ts';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { formatFees } from '../../../shared/money.ts';
import { fromCents, toCents } from '../../../shared/payments/balance.ts';
import { guardianOf } from '../../../shared/registrations/guardian.ts';
import {
  type MyTransfer,
  TRANSFER_HOURS,
  type TransferAcceptData,
  type TransferOffer,
  type TransferSendData,
  type TransferTaken,
} from '../../../shared/registrations/transfer.ts';
import { greeting, shownFirstName } from '../../../shared/shown-name.ts';
import type { AppContext } from '../../context.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { ENTRY_CHANGE_NOTICES } from '../../http/limits.ts';
import { badRequest, conflict, notFound, Problem } from '../../http/problem.ts';
import { enqueueMail, enqueueMailWithinLimit } from '../../mail/repository.ts';
import { newShortCode } from '../../sms/entrant-sms.ts';
import { ENTRANT_TEXTS } from '../../sms/entrant-texts.ts';
import { refuseLandline } from '../../sms/mobile-only.ts';
import { queueSms } from '../../sms/repository.ts';
import { oneSegment } from '../../sms/sms-text.ts';
import {
  type EventRow,
  getCurrentEvent,
  isEventOver,
  isRegistrationOpen,
  textsOn,
} from '../events/service.ts';
import { changeableEntryOfLink, entryOfLink } from '../my-registration/service.ts';
import { changeEntry, participantDetail } from '../participants/service.ts';
import {
  contactPhoneOf,
  EMAIL_NEEDED,
  entryLinkDigest,
  howToPayLines,
  isRegistered,
  keepEntryLinks,
  newCheckInCode,
  newEntryLink,
  newPrivateLink,
  textEntrant,
  unreachable,
} from '../registrations/service.ts';
import {
  addCharge,
  dropTransferOf,
  findTransfer,
  handOverEntry,
  putTransfer,
  takeTransfer,
  waitingTransferOf,
} from './repository.ts';

const HOUR = 3600;
/** Transfer links per address or number an hour: the giver types where they go. */
const TRANSFER_LINKS_PER_HOUR = 3;

const NO_SUCH_TRANSFER =
  'This link does not give a place: it may have expired, been used already, or been withdrawn by the person who sent it.';
export const TRANSFERS_CLOSED =
  'Places can no longer be given to someone else: ask the organisers if you need to change this entry.';
const TRANSFERS_CLOSED_CODE = 'transfers_closed';

/**
 * Whether places may be given to someone now: the organisers allow it, the edition is published and its day
 * not past, and it is before their cut-off day (Harare, inclusive) or, without one, registration's closing.
 */
export function transfersOpen(event: EventRow, now = new Date()) {
  if (!event.transfersAllowed || event.publishedAt === null || isEventOver(event, now)) return false;
  return event.transfersUntil === null
    ? isRegistrationOpen(event, now)
    : harareToday(now) <= event.transfersUntil;
}

const feeOf = (event: EventRow) => ({ USD: event.transferFeeUsd, ZWG: event.transferFeeZwg });
const charges = (event: EventRow) => toCents(event.transferFeeUsd) > 0 || toCents(event.transferFeeZwg) > 0;

function assertOpen(event: EventRow) {
  if (!transfersOpen(event)) throw conflict(TRANSFERS_CLOSED, TRANSFERS_CLOSED_CODE);
}

/** What the giver's page shows about giving the place. */
export async function myTransfer(context: AppContext, token: string): Promise<MyTransfer> {
  const entry = await entryOfLink(context, token);
  const event = await getCurrentEvent(context.database.db);
  const waiting = await waitingTransferOf(context.database.db, entry.id, new Date());
  return {
    open: entry.status === 'active' && entry.eventId === event.id && transfersOpen(event),
    until: event.transfersUntil,
    fee: feeOf(event),
    pending: waiting ? { sentTo: waiting.sentTo, expiresAt: waiting.expiresAt.toISOString() } : null,
  };
}

const tooMany = () =>
  new Problem(
    429,
    'Too Many Requests',
    'Several links went to this address or number in the last hour: please try again later.',
  );

/**
 * "Give my place to someone": a link to the new person, by mail or text, working once for TRANSFER_HOURS (or
 * until transfers close). A link sent again replaces the one waiting. The entry's address is told, so a
 * forwarded private link cannot give the place away unnoticed.
 */
export async function sendTransfer(context: AppContext, token: string, send: TransferSendData) {
  const { id } = await changeableEntryOfLink(context, token);
  await changeEntry(context, id, { entrant: true }, async (tx, row, event) => {
    assertOpen(event);
    if (row.status !== 'active') throw conflict('This entry was cancelled: it cannot be given to anyone.');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + TRANSFER_HOURS * HOUR * 1000);
    const race = `${DISCIPLINE_LABELS[row.discipline]} ${row.raceType}`;
    const limit = { max: TRANSFER_LINKS_PER_HOUR, seconds: HOUR };
    let digest: string;
    let sentTo: string;
    if (send.sendBy === 'sms') {
      if (!textsOn(event)) {
        throw badRequest('Please check the form.', [
          { path: 'sendBy', message: 'Texts are not sent for this fun run: send the link by email' },
        ]);
      }
      const code = newShortCode();
      digest = entryLinkDigest(code);
      sentTo = send.mobile;
      const queued = await queueSms(statementsOn(tx), {
        eventId: event.id,
        registrationId: row.id,
        to: send.mobile,
        kind: 'entry-transfer',
        body: oneSegment(
          event.title,
          ENTRANT_TEXTS.transferOffer({ race, expiresAt }),
          context.links.privateLink('Transfer', code),
        ),
        perNumber: limit,
      });
      if (!queued) throw tooMany();
    } else {
      const link = newPrivateLink(context.links, 'Transfer');
      digest = link.digest;
      sentTo = send.email;
      const sent = await enqueueMailWithinLimit(
        tx,
        {
          to: send.email,
          kind: 'entry-transfer',
          subject: `${event.title}: a place for you`,
          text: [
            'Hello,',
            '',
            `Someone is giving you the place ${row.reference} in the ${event.title} ${event.year} (${race}).`,
            `To take it, open this link and fill in your own details within ${TRANSFER_HOURS} hours:`,
            link.url,
            '',
            'The link works once. If you do not want the place, ignore this mail: nothing changes.',
          ].join('\n'),
        },
        limit,
      );
      if (!sent) throw tooMany();
    }
    await putTransfer(tx, { registrationId: row.id, tokenDigest: digest, sentTo, createdAt: now, expiresAt });
    // Told within the limit of change notices: each link sent mails the entry's own address.
    const { perAddress, windowSeconds } = ENTRY_CHANGE_NOTICES;
    // Whoever gave no email is told by text (his page's link with it, to withdraw).
    if (row.email === null && textsOn(event))
      await textEntrant(statementsOn(tx), context.links, row, {
        eventId: event.id,
        registrationId: row.id,
        kind: 'entry-transfer-notice',
        perNumber: { max: perAddress, seconds: windowSeconds },
        title: event.title,
        text: ENTRANT_TEXTS.transferSent({ reference: row.reference, contactPhone: contactPhoneOf(event) }),
        linkTo: row.id,
      });
    const told =
      row.email === null ||
      (await enqueueMailWithinLimit(
        tx,
        {
          to: row.email,
          kind: 'entry-transfer-notice',
          subject: `${event.title}: your place ${row.reference} is being given to someone`,
          text: [
            `${greeting(row.firstName, 'Dear')},`,
            '',
            `A link giving your place ${row.reference} to someone else was sent from its private page, to ${sentTo}.`,
            `It works once, for ${TRANSFER_HOURS} hours: until then you can withdraw it on your page. Once the new person takes the place, your link no longer opens it.`,
            '',
            `If you did not do this, withdraw the link on your page and call the organisers on ${contactPhoneOf(event)}.`,
          ].join('\n'),
        },
        { max: perAddress, seconds: windowSeconds },
      ));
    if (!told) throw tooMany();
    return {
      action: 'transferred',
      summary: `Transfer link sent (by ${send.sendBy === 'sms' ? 'text' : 'mail'}), waiting to be taken`,
    };
  });
  context.mailer.kick();
  context.sms.kick();
  return myTransfer(context, token);
}

/** The giver withdraws the link waiting (it then opens nothing). */
export async function withdrawTransfer(context: AppContext, token: string) {
  const { id } = await changeableEntryOfLink(context, token);
  await changeEntry(context, id, { entrant: true }, async (tx) => {
    if (!(await dropTransferOf(tx, id))) return undefined;
    return { action: 'transferred', summary: 'Transfer link withdrawn' };
  });
  return myTransfer(context, token);
}

/** The entry a transfer link gives (404 when it gives nothing, any more). */
async function transferOfLink(context: AppContext, token: string) {
  const found = token
    ? await findTransfer(context.database.db, entryLinkDigest(token), new Date())
    : undefined;
  if (!found) throw notFound(NO_SUCH_TRANSFER);
  return found;
}

/** What the link offers its recipient: the place and its fees, nothing personal (a GET changes nothing). */
export async function transferOffer(context: AppContext, token: string): Promise<TransferOffer> {
  const { registrationId, expiresAt } = await transferOfLink(context, token);
  const event = await getCurrentEvent(context.database.db);
  const entry = await participantDetail(context, registrationId);
  if (entry.status !== 'active' || entry.archived) throw notFound(NO_SUCH_TRANSFER);
  assertOpen(event);
  return {
    eventTitle: event.title,
    year: event.year,
    giver: shownFirstName(entry.firstName) ?? null,
    reference: entry.reference,
    discipline: entry.discipline,
    raceType: entry.raceType,
    tshirtSizes: event.tshirtSizes[entry.discipline],
    fees: entry.fees,
    transferFee: feeOf(event),
    paymentStatus: entry.paymentStatus,
    paid: entry.payment,
    expiresAt: expiresAt.toISOString(),
  };
}

const ALREADY_ENTERED =
  'You already have an entry in this discipline: a place cannot be given to someone already entered.';

/** A fee and a charge added, in cents, as text: null stays null (the race has no fee in that currency). */
const plus = (fee: string | null, charge: string) =>
  fee === null ? null : fromCents(toCents(fee) + toCents(charge));

/**
 * The new person takes the place with his own details (the registration form's rules): the entry keeps its
 * reference, race, bib and payment, and gets a new check-in code and a new private link; every old link stops
 * working, the old holder is told, and a transfer fee adds to what it owes. A rule the new person fails (a
 * minor without a guardian, already entered, transfers closed) leaves everything as it was, the link too.
 */
export async function acceptTransfer(
  context: AppContext,
  token: string,
  details: TransferAcceptData,
): Promise<TransferTaken> {
  const { registrationId } = await transferOfLink(context, token);
  const { links } = context;
  const link = newEntryLink(links);
  let reference = '';
  try {
    await changeEntry(context, registrationId, { entrant: true }, async (tx, row, event) => {
      assertOpen(event);
      if (row.status !== 'active') throw notFound(NO_SUCH_TRANSFER);
      const now = new Date();
      if (!(await takeTransfer(tx, entryLinkDigest(token), now))) throw notFound(NO_SUCH_TRANSFER);
      if (!event.tshirtSizes[row.discipline].includes(details.tshirtSize)) {
        throw badRequest('Please check the form.', [
          { path: 'tshirtSize', message: 'Choose a T-shirt size from the list' },
        ]);
      }
      refuseLandline(details.mobile);
      if (unreachable(details, event)) throw badRequest('Please check the form.', [EMAIL_NEEDED]);
      const person = { eventId: event.id, discipline: row.discipline, ...details };
      if (await isRegistered(tx, person)) throw conflict(ALREADY_ENTERED, 'ALREADY_ENTERED');
      const charged = charges(event);
      const paid = row.paymentStatus === 'paid' && charged;
      const notifyBy = textsOn(event) ? (details.notifyBy ?? 'both') : 'email';
      await handOverEntry(tx, row.id, {
        firstName: details.firstName,
        lastName: details.lastName,
        email: details.email ?? null,
        mobile: details.mobile,
        nextOfKinMobile: details.nextOfKinMobile,
        age: details.age,
        gender: details.gender ?? null,
        tshirtSize: details.tshirtSize,
        ...guardianOf(details, now),
        termsVersion: event.termsVersion,
        privacyVersion: event.privacyVersion,
        consentedAt: now,
        notifyBy,
        listedInSearch: details.listedInSearch ?? true,
        checkInCode: newCheckInCode(),
        smsRemindersStoppedAt: null,
        confirmationResentAt: null,
        emailChangedAt: now,
        // A paid place owes the transfer's fee: part paid, what was received kept.
        ...(paid ? { paymentStatus: 'part_paid' as const } : {}),
      });
      await keepEntryLinks(tx, [{ entryId: row.id, digest: link.digest }]);
      if (charged) {
        await addCharge(tx, {
          registrationId: row.id,
          reason: 'transfer',
          amountUsd: event.transferFeeUsd,
          amountZwg: event.transferFeeZwg,
        });
      }
      const race = `${DISCIPLINE_LABELS[row.discipline]}, ${row.raceType}`;
      const contact = contactPhoneOf(event);
      if (row.email)
        await enqueueMail(tx, {
          to: row.email,
          kind: 'entry-transferred',
          subject: `${event.title}: your place ${row.reference} was given to someone else`,
          text: [
            `${greeting(row.firstName, 'Dear')},`,
            '',
            `Your place ${row.reference} in the ${event.title} ${event.year} (${race}) was taken by the person you gave it to. It is theirs now: your private link and QR code no longer open it.`,
            '',
            `If you did not give it away, call the organisers on ${contact} at once.`,
          ].join('\n'),
        });
      const run = statementsOn(tx);
      if (textsOn(event)) {
        await textEntrant(run, links, row, {
          eventId: event.id,
          registrationId: row.id,
          kind: 'entry-transferred',
          title: event.title,
          text: ENTRANT_TEXTS.transferredAway({ reference: row.reference, contactPhone: contact }),
        });
      }
      const fees = {
        usd: charged ? plus(row.feeUsd, event.transferFeeUsd) : row.feeUsd,
        zwg: charged ? plus(row.feeZwg, event.transferFeeZwg) : row.feeZwg,
      };
      const owing = row.paymentStatus === 'unpaid' || row.paymentStatus === 'part_paid' || paid;
      if (details.email)
        await enqueueMail(tx, {
          to: details.email,
          kind: 'transfer-confirmation',
          subject: `${event.title}: the place ${row.reference} is yours`,
          text: [
            `${greeting(details.firstName, 'Dear')},`,
            '',
            `The place ${row.reference} in the ${event.title} ${event.year} (${race}) is yours now, with your details.`,
            '',
            'Your private page (see or change your entry, your QR code for race morning):',
            link.url,
            '',
            ...(owing
              ? [
                  `Fee: ${formatFees(fees.usd, fees.zwg) ?? 'the organisers will confirm it'}${
                    row.paymentStatus === 'unpaid'
                      ? ''
                      : ' (part of it was paid already: your page shows what is due)'
                  }. Use the reference ${row.reference} when you pay.`,
                  ...howToPayLines(event, fees),
                ]
              : ['This place is paid: there is nothing to pay.']),
          ].join('\n'),
        });
      if (textsOn(event)) {
        await textEntrant(
          run,
          links,
          {
            ...details,
            email: details.email ?? null,
            guardianMobile: details.guardianMobile ?? null,
            notifyBy,
          },
          {
            eventId: event.id,
            registrationId: row.id,
            kind: 'transfer-confirmation',
            title: event.title,
            text: ENTRANT_TEXTS.transferTaken({ reference: row.reference, race }),
            linkTo: row.id,
          },
        );
      }
      reference = row.reference;
      const notes = [
        'Place given to someone else by its private link: the new holder entered their own details and agreed to the terms',
        'new check-in code, bib kept; the old private links no longer open it',
        ...(charged ? [`transfer fee ${formatFees(event.transferFeeUsd, event.transferFeeZwg)} added`] : []),
      ];
      return { action: 'transferred', summary: notes.join('; ') };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'registrations_same_person')
      throw conflict(ALREADY_ENTERED, 'ALREADY_ENTERED');
    throw error;
  }
  context.mailer.kick();
  context.sms.kick();
  return { reference, myLink: new URL(link.url).pathname };
}
