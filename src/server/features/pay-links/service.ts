import { owes } from '../../../shared/payments/balance.ts';
import {
  type NewPayLink,
  PAY_LINK_TOKEN,
  type PayLink,
  type PayLinkMade,
  type PayLinkPayment,
} from '../../../shared/payments/pay-link.ts';
import { shownFirstName } from '../../../shared/shown-name.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound, Problem } from '../../http/problem.ts';
import { getEdition, isEventOver } from '../events/service.ts';
import { giftsDueOf } from '../gifts/service.ts';
import { changeableEntryOfLink } from '../my-registration/service.ts';
import {
  attemptCodeQr,
  attemptOf,
  dueWithGift,
  entryToPay,
  groupToPay,
  latestPayLinkAttempt,
  offeredSettings,
  startPaymentOf,
} from '../payments/service.ts';
import { entryLinkDigest, newPrivateLink } from '../registrations/service.ts';
import {
  findPayLink,
  insertPayLink,
  type PayLinkTarget,
  payLinkEntry,
  payLinkGroupMembers,
  payLinksOf,
} from './repository.ts';

/** Pay links one entry (or one group) may have: enough for every relative asked, not a store of them. */
export const PAY_LINKS_PER_ENTRY = 10;

const NO_SUCH_PAY_LINK =
  'This pay link opens nothing: it may be incomplete, the fun run it was for is over, or the entry it was for has changed hands or been deleted. Ask the person who sent it for a new one.';

/**
 * "Send a pay link" (issue 36): the holder of an entry's private link makes a link for someone else to pay
 * the entry's fee, or the group's total (`group`). Only its digest is kept; the path is answered once.
 */
export async function makePayLink(
  context: AppContext,
  myToken: string,
  request: NewPayLink,
): Promise<PayLinkMade> {
  const { db } = context.database;
  const entry = await changeableEntryOfLink(context, myToken);
  if (entry.status !== 'active') throw conflict('This entry was cancelled.');
  let target: PayLinkTarget = { registrationId: entry.id };
  if (request.group) {
    const group = await groupToPay(db, entry.id, 'USD');
    if (!group) throw notFound('This entry is not in a group.');
    target = { groupId: group.id };
  }
  if ((await payLinksOf(db, target)) >= PAY_LINKS_PER_ENTRY) {
    throw new Problem(
      429,
      'Too Many Requests',
      `You have made ${PAY_LINKS_PER_ENTRY} pay links already: send one of those again.`,
    );
  }
  const link = newPrivateLink(context.links, 'PayFor');
  await insertPayLink(db, link.digest, target);
  return { path: new URL(link.url).pathname };
}

/**
 * What a pay link opens: the entry, or the group's members who are not cancelled, while its edition is on.
 * The same 404 for every other token (unknown, another shape, its event over, nobody left in the group).
 */
async function openPayLink(context: AppContext, token: string) {
  const { db } = context.database;
  const found = PAY_LINK_TOKEN.test(token) ? await findPayLink(db, entryLinkDigest(token)) : undefined;
  if (!found) throw notFound(NO_SUCH_PAY_LINK);
  const event = await getEdition(db, found.eventId);
  if (isEventOver(event)) throw notFound(NO_SUCH_PAY_LINK);
  const people = found.groupId
    ? await payLinkGroupMembers(db, found.groupId)
    : await payLinkEntry(db, found.registrationId ?? '');
  const [first] = people;
  // A cancelled entry owes nothing and is nobody's to pay for.
  if (first?.status !== 'active') throw notFound(NO_SUCH_PAY_LINK);
  // A group's payment is started on its first member (any member's starts the same group payment).
  const entry = await entryToPay(context, first.id, found.eventId, false);
  return { entry, people, groupId: found.groupId };
}

/** A pay link's page: first names, races, the reference and what is due, and how to pay online; no contacts. */
export async function payLinkView(context: AppContext, token: string): Promise<PayLink> {
  const { db } = context.database;
  const { entry, people, groupId } = await openPayLink(context, token);
  const settings = await offeredSettings(context, entry.eventId);
  const [usdGroup, zwgGroup] = groupId
    ? await Promise.all([groupToPay(db, entry.id, 'USD'), groupToPay(db, entry.id, 'ZWG')])
    : [undefined, undefined];
  // An entry's (or the group's) unpaid gift (issue 43) is due with the fees, in its own currency, under the
  // same reference.
  const gift = groupId
    ? (usdGroup?.gift ?? zwgGroup?.gift ?? undefined)
    : (await giftsDueOf(db, [entry.id])).get(entry.id);
  const due = groupId
    ? { usd: usdGroup?.amount ?? null, zwg: zwgGroup?.amount ?? null }
    : {
        usd: await dueWithGift(db, entry, 'USD'),
        zwg: await dueWithGift(db, entry, 'ZWG'),
      };
  const paid = !people.some((person) => owes(person.paymentStatus)) && !gift;
  const currency = settings?.currency ?? 'USD';
  const latest = settings
    ? await latestPayLinkAttempt(context, groupId ? { groupId } : { registrationId: entry.id })
    : null;
  return {
    enabled: settings !== null,
    methods: settings?.methods ?? [],
    currency,
    amount: settings ? (currency === 'USD' ? due.usd : due.zwg) : null,
    paid,
    latest,
    phone: null,
    reference: groupId ? (usdGroup?.reference ?? entry.reference) : entry.reference,
    people: people.map((person) => ({
      firstName: shownFirstName(person.firstName) ?? null,
      discipline: person.discipline,
      raceType: person.raceType,
    })),
    due,
    gift: gift ? { amount: gift.amount, currency: gift.currency } : null,
  };
}

/** Starts paying through a pay link: the entry's fee, or the group's total; the attempt is marked as a pay link's. */
export async function startPayLinkPayment(context: AppContext, token: string, request: PayLinkPayment) {
  const { entry, groupId } = await openPayLink(context, token);
  return startPaymentOf(context, entry, { ...request, group: groupId !== null }, true);
}

/** An attempt started through this pay link (its entry's, or its group's); the same 404 for any other. */
export async function payLinkAttempt(context: AppContext, token: string, attemptId: string) {
  return attemptOf(context, attemptId, await startedByPayLink(context, token));
}

/** The QR code of an InnBucks or O'mari code of a payment started through the pay link. */
export async function payLinkCodeQr(context: AppContext, token: string, attemptId: string) {
  return attemptCodeQr(context, attemptId, await startedByPayLink(context, token));
}

/** Whether an attempt was started through this pay link (its entry's, or its group's). */
async function startedByPayLink(context: AppContext, token: string) {
  const { entry, groupId } = await openPayLink(context, token);
  return (row: { byPayLink: boolean; groupId: string | null; registrationId: string | null }) =>
    row.byPayLink &&
    (groupId ? row.groupId === groupId : row.registrationId === entry.id && row.groupId === null);
}
