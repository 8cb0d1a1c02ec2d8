import { createHash, randomBytes } from 'node:crypto';
import type * as z from 'zod/mini';
import {
  type AdminGift,
  type CauseSettings,
  type CauseSettingsInputSchema,
  GIFT_LAPSES_AFTER_DAYS,
  GIFT_PAY_TOKEN,
  type GiftInputSchema,
  type GiftMade,
  type GiftTotals,
  type GiveSummary,
} from '../../../shared/gifts/gifts.ts';
import { priceText } from '../../../shared/money.ts';
import { fromCents, toCents } from '../../../shared/payments/balance.ts';
import { shownFirstName } from '../../../shared/shown-name.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { csvText } from '../../http/csv.ts';
import { conflict, notFound } from '../../http/problem.ts';
import type { Links } from '../../links.ts';
import { enqueueMail } from '../../mail/repository.ts';
import { repeatWhileListening } from '../../repeat.ts';
import { type AuditActor, auditRead, recordAudit } from '../audit-log/service.ts';
import { type EventRow, getCurrentEvent, getEdition } from '../events/service.ts';
import { takeReceiptNumber } from '../receipts/service.ts';
import {
  anonymiseGifts,
  changeGiftAmount,
  currentGiftOfEntry,
  deleteOpenGiftsOfEntry,
  entryForGift,
  findGift,
  findGiftByPayToken,
  findGiftByReference,
  giftRowsOf,
  giftsOfAnonymisedEvents,
  giftsOfPerson,
  insertGift,
  lapseUnpaidBefore,
  listGifts,
  lockGift,
  lockOpenGiftsOfEntries,
  markGiftPaid,
  namedPaidGifts,
  openGiftOfEntry,
  paidTotals,
  unpaidCount,
  unpaidGiftsOfEntries,
  updateCause,
} from './repository.ts';

/** How many named givers /Give lists (the newest). */
const NAMED_SHOWN = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

const causeOf = (event: EventRow): CauseSettings => ({
  title: event.causeTitle,
  text: event.causeText,
  image: event.causeImage,
  goalUsd: event.causeGoalUsd,
  giftsOpen: event.giftsOpen,
});

export async function causeSettings({ database: { db } }: AppContext) {
  return causeOf(await getCurrentEvent(db));
}

export async function saveCause(
  { database: { db } }: AppContext,
  input: z.output<typeof CauseSettingsInputSchema>,
  actor: AuditActor,
) {
  return db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    await updateCause(tx, event.id, {
      causeTitle: input.title,
      causeText: input.text,
      causeGoalUsd: input.goalUsd,
      giftsOpen: input.giftsOpen,
    });
    await recordAudit(tx, actor, {
      action: 'event-settings.update',
      subject: `event ${event.id}`,
      details: { section: 'cause' },
    });
    return causeOf(await getCurrentEvent(tx));
  });
}

/** The cause's photo, stored as the background photo is (its sizes under one base path); null takes it away. */
export async function setCauseImage(
  { database: { db } }: AppContext,
  image: string | null,
  actor: AuditActor,
) {
  return db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    await updateCause(tx, event.id, { causeImage: image });
    await recordAudit(tx, actor, {
      action: 'event-settings.update',
      subject: `event ${event.id}`,
      details: { section: 'cause-image' },
    });
    return causeOf(await getCurrentEvent(tx));
  });
}

const sumOf = (amounts: string[]) => fromCents(amounts.reduce((total, amount) => total + toCents(amount), 0));

async function totalsOf(db: Database, eventId: string) {
  const rows = await paidTotals(db, eventId);
  const total = (currency: 'USD' | 'ZWG') =>
    sumOf(rows.filter((row) => row.currency === currency).map((row) => row.total));
  return {
    paid: { USD: total('USD'), ZWG: total('ZWG') },
    paidCount: rows.reduce((sum, row) => sum + row.count, 0),
  };
}

/**
 * /Give as the public sees it: the cause, what paid gifts raised and how many, and the givers who agreed to be
 * named, by the one naming rule (a name it refuses is left out, not shown as typed). Nothing else of anyone.
 */
export async function giveSummary({ database: { db } }: AppContext): Promise<GiveSummary> {
  const event = await getCurrentEvent(db);
  const [{ paid, paidCount }, named] = await Promise.all([
    totalsOf(db, event.id),
    namedPaidGifts(db, event.id, NAMED_SHOWN),
  ]);
  return {
    open: event.giftsOpen && event.publishedAt !== null,
    title: event.causeTitle,
    text: event.causeText,
    image: event.causeImage,
    goalUsd: event.causeGoalUsd,
    raised: paid,
    givers: paidCount,
    named: named.flatMap(({ giverName, amount, currency }) => {
      const name = shownFirstName(giverName);
      return name ? [{ name, amount, currency }] : [];
    }),
  };
}

export const GIFTS_CLOSED = 'Gifts are not being taken at the moment.';

/** A gift made on /Give without registering: insert only; the giver is told the reference to quote. */
export async function makeGift(
  { database: { db } }: AppContext,
  input: z.output<typeof GiftInputSchema>,
): Promise<GiftMade> {
  const event = await getCurrentEvent(db);
  if (!event.giftsOpen || event.publishedAt === null) throw conflict(GIFTS_CLOSED, 'gifts_closed');
  const payToken = randomBytes(18).toString('base64url');
  const made = await insertGift(
    db,
    {
      eventId: event.id,
      payTokenDigest: payTokenDigest(payToken),
      amount: input.amount,
      currency: input.currency,
      giverName: input.name,
      giverEmail: input.email ?? null,
      giverMobile: input.mobile ?? null,
      showName: input.showName ?? false,
    },
    event.referencePrefix,
  );
  return { reference: made.reference, amount: made.amount, currency: made.currency, payToken };
}

const payTokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The gift whose giver holds this pay token (any other token: not found, whatever it is). */
export async function giftOfPayToken(db: Database, token: string) {
  const gift = GIFT_PAY_TOKEN.test(token) ? await findGiftByPayToken(db, payTokenDigest(token)) : undefined;
  if (!gift) throw notFound('There is no such gift.');
  return gift;
}

/**
 * A Paynow attempt paid the gift (issue 43): paid once, its receipt as for any gift. False when it was paid
 * already (by the bank or an admin meanwhile), for the admin to look into.
 */
export async function receiveGiftOnline(tx: Transaction, links: Links, giftId: string, paidBy: string) {
  const gift = await lockGift(tx, giftId);
  if (!gift || gift.status === 'paid') return false;
  await receiveGift(tx, links, giftId, { paidBy });
  return true;
}

/**
 * Records money received for a gift, its receipt numbered in the event's series and mailed, in one
 * transaction. A gift paid already is not paid twice (conflict); a lapsed one is revived by its money.
 */
export async function receiveGift(
  tx: Transaction,
  links: Links,
  giftId: string,
  paid: { paidBy: string; paidAt?: Date },
) {
  const gift = await lockGift(tx, giftId);
  if (!gift) throw notFound('No such gift.');
  if (gift.status === 'paid') throw conflict('This gift is recorded as paid already.', 'gift_paid');
  const receiptNumber = await takeReceiptNumber(tx, gift.eventId);
  const paidAt = paid.paidAt ?? new Date();
  await markGiftPaid(tx, gift.id, { paidBy: paid.paidBy, paidAt, receiptNumber });
  if (gift.giverEmail) {
    const name = shownFirstName(gift.giverName);
    await enqueueMail(tx, {
      to: gift.giverEmail,
      kind: 'gift-receipt',
      subject: `Receipt ${receiptNumber}: your gift ${gift.reference}`,
      text: [
        name ? `Dear ${name}` : 'Hello',
        '',
        `Thank you for your gift of ${priceText(gift.currency, gift.amount)} (reference ${gift.reference}), received on ${paidAt.toISOString().slice(0, 10)}.`,
        '',
        `Receipt number: ${receiptNumber}`,
        'This is a gift to the cause, not an entry fee.',
        '',
        `${links.site}/Give`,
      ].join('\n'),
    });
  }
  return { reference: gift.reference, receiptNumber };
}

/** An admin records a gift as paid (cash, or money seen in the bank), in the audit trail. */
export async function recordGiftPaid(context: AppContext, giftId: string, method: string, actor: AuditActor) {
  const done = await context.database.db.transaction(async (tx) => {
    const receipt = await receiveGift(tx, context.links, giftId, { paidBy: method });
    await recordAudit(tx, actor, {
      action: 'gift.payment',
      subject: `gift ${receipt.reference}`,
      details: { method, receiptNumber: receipt.receiptNumber },
    });
    return receipt;
  });
  context.mailer.kick();
  return done;
}

function adminGift({ gift, entryReference }: Awaited<ReturnType<typeof listGifts>>[number]): AdminGift {
  return {
    id: gift.id,
    reference: gift.reference,
    amount: gift.amount,
    currency: gift.currency,
    giverName: gift.giverName,
    giverEmail: gift.giverEmail,
    giverMobile: gift.giverMobile,
    showName: gift.showName,
    entryReference,
    status: gift.status,
    paidBy: gift.paidBy,
    paidAt: gift.paidAt?.toISOString() ?? null,
    receiptNumber: gift.receiptNumber,
    createdAt: gift.createdAt.toISOString(),
  };
}

/** Every gift of the current event, newest first; the read is in the audit trail (it holds givers' contacts). */
export async function adminGifts({ database: { db } }: AppContext, actor: AuditActor) {
  const event = await getCurrentEvent(db);
  const rows = (await listGifts(db, event.id)).map(adminGift);
  await auditRead(db, actor, 'gifts.list', { rowCount: rows.length });
  return rows;
}

const CSV_HEADINGS = [
  'Reference',
  'Amount',
  'Currency',
  'Status',
  'Giver',
  'Email',
  'Mobile',
  'Named on /Give',
  'Entry',
  'Paid by',
  'Paid on',
  'Receipt',
  'Made on',
];

export async function giftsCsv({ database: { db } }: AppContext, actor: AuditActor) {
  const event = await getCurrentEvent(db);
  const rows = (await listGifts(db, event.id)).map(adminGift);
  await auditRead(db, actor, 'gifts.export-csv', { rowCount: rows.length });
  return csvText(
    [
      CSV_HEADINGS,
      ...rows.map((gift) => [
        gift.reference,
        gift.amount,
        gift.currency,
        gift.status,
        gift.giverName,
        gift.giverEmail ?? '',
        gift.giverMobile ?? '',
        gift.showName ? 'yes' : 'no',
        gift.entryReference ?? '',
        gift.paidBy ?? '',
        gift.paidAt?.slice(0, 10) ?? '',
        gift.receiptNumber === null ? '' : String(gift.receiptNumber),
        gift.createdAt.slice(0, 10),
      ]),
    ],
    { bom: true },
  );
}

/** The dashboard's figures: paid totals by currency, how many paid and unpaid, and the goal. */
export async function giftTotals({ database: { db } }: AppContext): Promise<GiftTotals> {
  const event = await getCurrentEvent(db);
  const [{ paid, paidCount }, unpaid] = await Promise.all([
    totalsOf(db, event.id),
    unpaidCount(db, event.id),
  ]);
  return { paid, paidCount, unpaidCount: unpaid, goalUsd: event.causeGoalUsd };
}

/** Unpaid gifts older than GIFT_LAPSES_AFTER_DAYS lapse. Idempotent, so any server may run it any time. */
export async function lapseUnpaidGifts({ database: { db } }: AppContext, now = new Date()) {
  return lapseUnpaidBefore(db, new Date(now.getTime() - GIFT_LAPSES_AFTER_DAYS * DAY_MS));
}

/** Checks hourly while the server listens (and a minute after start). */
export function startGiftLapsing(context: AppContext, onError: (error: unknown) => void) {
  return repeatWhileListening(() => lapseUnpaidGifts(context), onError, {
    everyMs: 60 * 60_000,
    firstAfterMs: 60_000,
  });
}

/** Erasure's part: the gifts given with these entries or under these contacts lose their giver's fields. */
export async function anonymiseGiversOf(
  tx: Database,
  who: { giftIds: string[]; registrationIds: string[]; emails: string[]; mobiles: string[] },
  now = new Date(),
) {
  const rows = await giftsOfPerson(tx, who);
  return anonymiseGifts(
    tx,
    rows.map((row) => row.id),
    now,
  );
}

/** A gift an admin erases the giver of (not one emptied already). */
export async function giftToErase(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const gift = await findGift(db, id);
  return gift && gift.anonymisedAt === null ? gift : undefined;
}

/** Retention's part: the gifts of events whose entries were anonymised lose their givers' fields too. */
export async function anonymiseGiftsOfEvents(tx: Database, eventIds: string[], now = new Date()) {
  const rows = await giftsOfAnonymisedEvents(tx, eventIds);
  return anonymiseGifts(
    tx,
    rows.map((row) => row.id),
    now,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The gift references a statement line's narrative names, written loosely as entry references are (any case;
 * a space, dot or dash for the dash; "CFR26 D12", "cfr26-d12").
 */
export function namedGiftReferences(narrative: string, prefix: string) {
  const head = prefix
    .split(/(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/)
    .map(escapeRegExp)
    .join('[\\s.\\-]?');
  const pattern = new RegExp(`(?<![A-Za-z0-9])${head}[\\s.\\-_/:#]{0,3}D[\\s.\\-]?(\\d{1,7})(?!\\d)`, 'gi');
  return [...new Set([...narrative.matchAll(pattern)].map((match) => `${prefix}-D${Number(match[1])}`))];
}

/**
 * A confirmed statement's line that pays no entry but names one gift of the current event, waiting for money
 * (or lapsed), with exactly its amount and currency: the gift is paid by it, its receipt issued in the
 * confirming transaction. Answers the gift's reference, or null when the line pays no gift.
 */
export async function payGiftNamedBy(
  tx: Transaction,
  links: Links,
  line: { narrative: string; amount: string; currency: 'USD' | 'ZWG'; paidOn: string },
  paidBy: string,
) {
  const event = await getCurrentEvent(tx);
  const [reference, ...more] = namedGiftReferences(line.narrative, event.referencePrefix);
  if (!reference || more.length > 0) return null;
  const gift = await findGiftByReference(tx, reference);
  if (!gift || gift.eventId !== event.id || gift.status === 'paid') return null;
  if (gift.currency !== line.currency || toCents(gift.amount) !== toCents(line.amount)) return null;
  await receiveGift(tx, links, gift.id, { paidBy, paidAt: new Date(`${line.paidOn}T12:00:00+02:00`) });
  return reference;
}

/** A paid gift's receipt as a one-page PDF, for an admin to print or send on. */
export async function giftReceiptPdfOf({ database: { db } }: AppContext, giftId: string) {
  const gift = await findGift(db, giftId);
  if (!gift || gift.status !== 'paid' || gift.receiptNumber === null || !gift.paidAt) {
    throw notFound('This gift has no receipt: it is not paid.');
  }
  const event = await getEdition(db, gift.eventId);
  // pdfkit and its fonts load on the first PDF, not with every server (issue 15: start and idle memory).
  const { giftReceiptPdf } = await import('./gift-receipt-pdf.ts');
  const pdf = giftReceiptPdf({
    number: gift.receiptNumber,
    reference: gift.reference,
    giverName: gift.giverName,
    amount: gift.amount,
    currency: gift.currency,
    paidBy: gift.paidBy ?? '',
    paidAt: gift.paidAt,
    cause: event.causeTitle || 'The cause',
    eventTitle: event.title,
    eventYear: event.year,
    contactPhone: event.contactPhone,
  });
  return { fileName: `Receipt_${gift.receiptNumber}_${gift.reference}.pdf`, pdf };
}

/**
 * A person's gifts for a download of everything held about him, by the erasure's rule: given with his entries,
 * or under an address or a mobile he proved.
 */
export async function giftsHeldFor(
  db: Database,
  who: { registrationIds: string[]; emails: string[]; mobiles: string[] },
) {
  const rows = await giftsOfPerson(db, { giftIds: [], ...who });
  return giftRowsOf(
    db,
    rows.map((row) => row.id),
  );
}

export interface EntryGift {
  reference: string;
  amount: string;
  currency: 'USD' | 'ZWG';
}

/**
 * "Add a gift to <cause>" with an entry (its form, or /My): the entry's gift waiting for money, made or, when
 * one waits already, given this amount (so a retried request or a changed mind never makes two). Null while
 * gifts are closed: the entry stands without it.
 */
export async function addGiftToEntry(
  { database: { db } }: AppContext,
  entryReference: string,
  gift: { amount: string; currency: 'USD' | 'ZWG' },
  /** Made even if gifts closed since: the entry's confirmation already says it. */
  { promised = false }: { promised?: boolean } = {},
): Promise<EntryGift | null> {
  const event = await getCurrentEvent(db);
  if (!promised && (!event.giftsOpen || event.publishedAt === null)) return null;
  const entry = await entryForGift(db, event.id, entryReference);
  if (!entry) throw notFound('No such entry.');
  const open = await openGiftOfEntry(db, entry.id);
  if (open) {
    if (
      open.status === 'unpaid' &&
      open.currency === gift.currency &&
      toCents(open.amount) === toCents(gift.amount)
    ) {
      return { reference: open.reference, amount: open.amount, currency: open.currency };
    }
    return changeGiftAmount(db, open.id, gift);
  }
  return insertGift(
    db,
    {
      eventId: event.id,
      amount: gift.amount,
      currency: gift.currency,
      giverName: `${entry.firstName} ${entry.lastName}`,
      giverEmail: entry.email,
      giverMobile: entry.mobile,
      showName: false,
      registrationId: entry.id,
    },
    event.referencePrefix,
  );
}

/**
 * The gift asked on a registration form, once its entry is written (its own insert right after the entry's
 * statement, decision 005: a gift that failed never takes the entry with it). A new entry gets it exactly when
 * its confirmation said it (register decided from the event the entry was written against); a retried request
 * finds the gift made.
 */
export async function giftAskedWithEntry(
  context: AppContext,
  registered: {
    receipt: { reference: string };
    created: boolean;
    promisedGift?: { amount: string; currency: 'USD' | 'ZWG' };
  },
  asked: { giftAmount?: string; giftCurrency?: 'USD' | 'ZWG' },
) {
  if (!asked.giftAmount) return null;
  if (registered.created && !registered.promisedGift) return null;
  const gift = registered.promisedGift ?? { amount: asked.giftAmount, currency: asked.giftCurrency ?? 'USD' };
  return addGiftToEntry(context, registered.receipt.reference, gift, { promised: registered.created });
}

/** The entries' unpaid gifts by entry: what each one's total due adds to its fee. */
export async function giftsDueOf(db: Database, registrationIds: string[]) {
  const rows = await unpaidGiftsOfEntries(db, registrationIds);
  return new Map(
    rows.flatMap((row) =>
      row.registrationId
        ? [
            [
              row.registrationId,
              { reference: row.reference, amount: row.amount, currency: row.currency },
            ] as const,
          ]
        : [],
    ),
  );
}

/**
 * The payments' rule's part for gifts (decision 016): once the fees are taken, what is left of a payment pays
 * the gifts of the entries whose fee is settled, in the order named, each in full or not at all (a gift is
 * never part paid, and never takes a fee's money). Answers the cents used and the gifts paid.
 */
export async function payGiftsOfEntries(
  tx: Transaction,
  links: Links,
  entryIds: string[],
  payment: { leftCents: number; currency: 'USD' | 'ZWG'; paidBy: string; paidAt: Date },
) {
  const open = await lockOpenGiftsOfEntries(tx, entryIds);
  const order = new Map(entryIds.map((id, index) => [id, index]));
  open.sort((a, b) => (order.get(a.registrationId ?? '') ?? 0) - (order.get(b.registrationId ?? '') ?? 0));
  let left = payment.leftCents;
  const paid: { reference: string; amount: string; receiptNumber: number }[] = [];
  for (const gift of open) {
    const cents = toCents(gift.amount);
    if (gift.currency !== payment.currency || cents > left) continue;
    const receipt = await receiveGift(tx, links, gift.id, { paidBy: payment.paidBy, paidAt: payment.paidAt });
    left -= cents;
    paid.push({ reference: gift.reference, amount: gift.amount, receiptNumber: receipt.receiptNumber });
  }
  return { usedCents: payment.leftCents - left, paid };
}

/** The entry's gift as /My shows it: waiting for money or paid; null without one (a lapsed one is gone). */
export async function giftOfEntry(db: Database, registrationId: string) {
  return (await currentGiftOfEntry(db, registrationId)) ?? null;
}

/** Whether "Add a gift to <cause>" is offered now: the cause's gifts are open on a published edition. */
export async function giftsOpenTo(db: Database) {
  const event = await getCurrentEvent(db);
  return event.giftsOpen && event.publishedAt !== null ? event.causeTitle : null;
}

/** An entrant takes back his gift before paying it; a paid gift stays (answers how many went). */
export async function removeGiftOfEntry(db: Database, registrationId: string) {
  return deleteOpenGiftsOfEntry(db, registrationId);
}
