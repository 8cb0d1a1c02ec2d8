import { DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import type { ParticipantEditData } from '../../../shared/participants/participants.ts';
import type { MyEntry, MyGiftInput } from '../../../shared/registrations/my-registration.ts';
import { shownFirstName } from '../../../shared/shown-name.ts';
import type { AppContext } from '../../context.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { conflict, notFound, Problem } from '../../http/problem.ts';
import { enqueueMail } from '../../mail/repository.ts';
import { qrSvg } from '../../qr-code.ts';
import { newShortCode, shortCodeAsTyped, wantsSms } from '../../sms/entrant-sms.ts';
import { queueSms } from '../../sms/repository.ts';
import { oneSegment } from '../../sms/sms-text.ts';
import { pendingEmailChange } from '../email-changes/service.ts';
import { getCurrentEvent, getEdition, isEventOver, isRegistrationOpen, textsOn } from '../events/service.ts';
import { addGiftToEntry, giftOfEntry, giftsOpenTo, removeGiftOfEntry } from '../gifts/service.ts';
import { pendingMobileChange } from '../mobile-changes/service.ts';
import {
  cancelEntry,
  confirmMobileChange,
  editEntry,
  participantDetail,
  tshirtChangeable,
} from '../participants/service.ts';
import {
  entryLinkDigest,
  keepEntryLinks,
  keepShortEntryLink,
  newEntryLink,
  resendConfirmationOf,
} from '../registrations/service.ts';
import { resultOfEntry } from '../results/service.ts';
import { isOfferToken } from '../waitlist/service.ts';
import {
  activeEntriesOfEmail,
  activeEntriesOfMobile,
  findEntryByLink,
  setSmsRemindersStopped,
  zwgQuoteOfEntry,
} from './repository.ts';

const NO_SUCH_LINK =
  'This link does not open an entry: it may be incomplete, or its details have been deleted since the fun run. You can ask for your links again.';

/** Why an entry's page no longer takes changes once its event's day has passed. */
export const RACE_OVER_NO_CHANGES =
  'The fun run is over: this entry can no longer be changed or cancelled. To ask about it, call the organisers.';

/**
 * The entry a private link opens, with its own edition, until retention anonymises it (which deletes its
 * links): the same 404 for every other token. `over`: its event's day has passed, so it is read-only.
 */
export async function entryOfLink({ database }: AppContext, token: string) {
  const entry = await findEntryByLink(database.db, entryLinkDigest(token));
  if (!entry) throw notFound(NO_SUCH_LINK);
  const event = await getEdition(database.db, entry.eventId);
  const over = isEventOver(event);
  // A text message's short link is easier to guess than a mailed one: it opens nothing after the race.
  if (entry.short && over) throw notFound(NO_SUCH_LINK);
  return { ...entry, event, over };
}

export const NO_SUCH_SHORT_LINK =
  'This link does not open an entry: it may be mistyped, or the fun run it was for is over. You can ask for your links again.';

/**
 * Where a text message's short link (/m/<code>, typed in any case) leads: an entry's page while its edition
 * is on, or a waitlist offer's page; undefined for anything else.
 */
export async function shortLinkTarget(context: AppContext, typed: string) {
  const code = shortCodeAsTyped(typed);
  if (!code) return undefined;
  const entry = await findEntryByLink(context.database.db, entryLinkDigest(code));
  if (entry?.short) {
    const event = await getEdition(context.database.db, entry.eventId);
    return isEventOver(event) ? undefined : `/My/${code}`;
  }
  if (await isOfferToken(context, code)) return `/Offer/${code}`;
  return undefined;
}

/** The entry a private link opens, for a change: refused (409 race_over) once its event is over. */
export async function changeableEntryOfLink(context: AppContext, token: string) {
  const entry = await entryOfLink(context, token);
  if (entry.over) throw conflict(RACE_OVER_NO_CHANGES, 'race_over');
  return entry;
}

/** Whether a private link opens an entry now (its page answers 404 when not). */
export async function linkOpensEntry(context: AppContext, token: string) {
  try {
    await entryOfLink(context, token);
    return true;
  } catch (error) {
    if (error instanceof Problem && error.status === 404) return false;
    throw error;
  }
}

/** The entry's check-in QR code, as an SVG; a cancelled entry has none. */
export async function myCheckInQr(context: AppContext, token: string) {
  const entry = await entryOfLink(context, token);
  if (entry.status !== 'active') throw notFound('A cancelled entry has no check-in code.');
  return qrSvg(entry.checkInCode);
}

export async function myEntry(context: AppContext, token: string): Promise<MyEntry> {
  const { id, event, over, notifyBy, smsRemindersStoppedAt } = await entryOfLink(context, token);
  const [entry, emailPending, mobilePending, result, quote, gift, cause] = await Promise.all([
    participantDetail(context, id),
    pendingEmailChange(context.database.db, id),
    pendingMobileChange(context.database.db, id),
    resultOfEntry(context, event, id),
    zwgQuoteOfEntry(context.database.db, id),
    giftOfEntry(context.database.db, id),
    giftsOpenTo(context.database.db),
  ]);
  // A gift is added while the cause takes them, to a live entry, and not beside one paid already.
  const giftable = cause !== null && !over && entry.status === 'active' && gift?.status !== 'paid';
  return {
    reference: entry.reference,
    bib: entry.bib,
    discipline: entry.discipline,
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: entry.email,
    mobile: entry.mobile,
    nextOfKinMobile: entry.nextOfKinMobile,
    guardianName: entry.guardianName,
    guardianMobile: entry.guardianMobile,
    guardianConsentedAt: entry.guardianConsentedAt,
    age: entry.age,
    gender: entry.gender,
    raceType: entry.raceType,
    tshirtSize: entry.tshirtSize,
    listedInSearch: entry.listedInSearch,
    showInResults: entry.showInResults,
    paymentStatus: entry.paymentStatus,
    payment: { amount: entry.payment.amount, currency: entry.payment.currency },
    fees: entry.fees,
    status: entry.status,
    // Its group's reference, so that a pay link may be for the group's total.
    group: entry.group ?? null,
    tshirtChangesUntil: event.tshirtChangesUntil,
    tshirtChangeable: !over && tshirtChangeable(event),
    raceChangeable: !over && isRegistrationOpen(event),
    raceOver: over,
    emailPending,
    mobilePending,
    smsReminders: !textsOn(event) || !wantsSms(notifyBy) ? 'none' : smsRemindersStoppedAt ? 'stopped' : 'on',
    result,
    zwg: zwgOf(quote),
    gift: gift && gift.status !== 'lapsed' ? { ...gift, status: gift.status } : null,
    giftsTo: giftable ? cause : null,
  };
}

/** The entry's ZWG quote and the rate its fee follows now, as /My says them; null with fixed ZWG fees. */
function zwgOf(row: Awaited<ReturnType<typeof zwgQuoteOfEntry>>): MyEntry['zwg'] {
  if (!row) return null;
  const quote =
    row.quoteZwg && row.quoteRate && row.quoteRateDate && row.heldUntil
      ? { zwg: row.quoteZwg, rate: row.quoteRate, rateDate: row.quoteRateDate, heldUntil: row.heldUntil }
      : null;
  if (!quote && row.rate === null) return null;
  return { quote, honoured: row.honoured, rate: row.rate, rateDate: row.rateDate };
}

/** The entrant stops reminders by SMS (the link in every reminder), or lets them go again. */
export async function setMySmsReminders(context: AppContext, token: string, stopped: boolean) {
  const { id } = await entryOfLink(context, token);
  await setSmsRemindersStopped(context.database.db, id, stopped);
  return myEntry(context, token);
}

/** The entrant's correction, with the public form's rules and the entrant's own (see ChangedBy). */
export async function changeMyEntry(context: AppContext, token: string, change: ParticipantEditData) {
  const { id } = await changeableEntryOfLink(context, token);
  await editEntry(context, id, change, { entrant: true });
  return myEntry(context, token);
}

/** The code texted to the new mobile, entered on the page: the mobile changes now. */
export async function confirmMyMobile(context: AppContext, token: string, code: string) {
  const { id } = await changeableEntryOfLink(context, token);
  await confirmMobileChange(context, id, code);
  return myEntry(context, token);
}

export async function cancelMyEntry(context: AppContext, token: string) {
  const { id } = await changeableEntryOfLink(context, token);
  // The freed place is offered to the race's waitlist in the same transaction.
  await cancelEntry(context, id, { entrant: true });
  return myEntry(context, token);
}

/** Says whether the confirmation went (it goes again at most once per few minutes). */
export async function resendMyConfirmation(context: AppContext, token: string) {
  const { id } = await entryOfLink(context, token);
  return resendConfirmationOf(context, id, context.links.privateLink('My', token));
}

/**
 * "CFR25-0042: Rudo, Run 10km". Anyone may register under any address, so of the name typed only what may be
 * shown to others appears.
 */
function linkLine(entry: { reference: string; firstName: string; discipline: Discipline; raceType: string }) {
  const race = `${DISCIPLINE_LABELS[entry.discipline]} ${entry.raceType}`;
  const name = shownFirstName(entry.firstName);
  return `${entry.reference}: ${name ? `${name}, ${race}` : race}`;
}

/**
 * Mails a new link for each of the address's entries in the current event (nothing when it has none): the
 * caller answers the same either way. The links are kept only if the mail goes. After the race they open the
 * entries read-only, until retention anonymises them.
 */
export async function mailMyLinks({ database, mailer, links }: AppContext, email: string) {
  const { db } = database;
  const event = await getCurrentEvent(db);
  const entries = await activeEntriesOfEmail(db, event.id, email);
  if (entries.length === 0) return;
  const mailed = entries.map((entry) => ({ entry, link: newEntryLink(links) }));
  const text = [
    'Hello,',
    '',
    `Someone asked for the private links of the entries under this address for the ${event.title} ${event.year}.`,
    isEventOver(event)
      ? 'Each link opens one entry, to see it: the fun run is over, so it can no longer be changed.'
      : 'Each link opens one entry: see it, change it or cancel it. Keep them to yourself.',
    '',
    ...mailed.flatMap(({ entry, link }) => [linkLine(entry), link.url, '']),
    'If you did not ask for them, you can ignore this mail: the links were sent only to you.',
  ].join('\n');
  const queued = await db.transaction(async (tx) => {
    const sent = await enqueueMail(tx, {
      to: email,
      kind: 'my-links',
      subject: `${event.title}: your registration links`,
      text,
      publicAction: true,
    });
    if (sent)
      await keepEntryLinks(
        tx,
        mailed.map(({ entry, link }) => ({ entryId: entry.id, digest: link.digest })),
      );
    return sent;
  });
  if (queued) mailer.kick();
}

/** At most this many entries' links fit in one text (a segment of 160 characters): the newest. */
const LINKS_PER_TEXT = 2;

/**
 * "Text me my links": one text to the number with a short link for each of its newest entries in the current
 * event (nothing when it has none, or when SMS are off): the caller answers the same either way. The links are
 * kept only if the text is queued (within the number's limits: one an hour, and the public actions').
 */
export async function textMyLinks({ database, links, sms }: AppContext, mobile: string) {
  const { db } = database;
  const event = await getCurrentEvent(db);
  if (!textsOn(event)) return;
  const entries = await activeEntriesOfMobile(db, event.id, mobile, LINKS_PER_TEXT);
  if (entries.length === 0) return;
  const texted = entries.map((entry) => {
    const code = newShortCode();
    return { entry, digest: entryLinkDigest(code), url: links.page(`/m/${code}`) };
  });
  const bodyOf = (shown: typeof texted) => {
    const last = shown.at(-1);
    const before = shown.slice(0, -1).map(({ entry, url }) => `${entry.reference} ${url}`);
    return oneSegment(event.title, ['your entries:', ...before, last?.entry.reference].join(' '), last?.url);
  };
  // A long site address leaves room for one link only: the newest entry's.
  let shown = texted;
  let body = bodyOf(shown);
  if (!shown.every(({ url }) => body.includes(url))) {
    shown = texted.slice(0, 1);
    body = bodyOf(shown);
  }
  const queued = await db.transaction(async (tx) => {
    const run = statementsOn(tx);
    const sent = await queueSms(run, {
      eventId: event.id,
      to: mobile,
      kind: 'my-links',
      body,
      publicAction: true,
      perNumber: { max: 1, seconds: 60 * 60 },
    });
    if (sent) for (const { entry, digest } of shown) await keepShortEntryLink(run, entry.id, digest);
    return sent;
  });
  if (queued) sms.kick();
}

export const NO_GIFT_NOW = 'A gift cannot be added to this entry now.';

/**
 * "Add a gift to <cause>" on /My: the entry's one gift waiting for money, made, or given the new amount and
 * currency (a second add changes it). Refused while gifts are closed, or once his gift is paid.
 */
export async function addMyGift(context: AppContext, token: string, input: MyGiftInput) {
  const { id, reference, status } = await changeableEntryOfLink(context, token);
  const gift = await giftOfEntry(context.database.db, id);
  if (status !== 'active' || gift?.status === 'paid') throw conflict(NO_GIFT_NOW, 'no_gift');
  const made = await addGiftToEntry(context, reference, input);
  if (!made) throw conflict(NO_GIFT_NOW, 'gifts_closed');
  return myEntry(context, token);
}

/** Takes back the entry's gift before it is paid; a paid gift is not his to remove here. */
export async function removeMyGift(context: AppContext, token: string) {
  const { id } = await changeableEntryOfLink(context, token);
  if ((await removeGiftOfEntry(context.database.db, id)) === 0) {
    throw conflict('There is no unpaid gift to remove.', 'no_gift');
  }
  return myEntry(context, token);
}
