import { setImmediate as nextTurn } from 'node:timers/promises';
import { harareToday } from '../../../shared/dates.ts';
import { formatFees } from '../../../shared/money.ts';
import { fromCents, toCents } from '../../../shared/payments/balance.ts';
import { receiptFileName } from '../../../shared/payments/receipts.ts';
import { formatPhone } from '../../../shared/phone.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { notFound } from '../../http/problem.ts';
import type { Links } from '../../links.ts';
import { enqueueMail } from '../../mail/repository.ts';
import { repeatWhileListening } from '../../repeat.ts';
import type { EntryPaid } from '../../signals.ts';
import { wantsMail } from '../../sms/entrant-sms.ts';
import { ENTRANT_TEXTS } from '../../sms/entrant-texts.ts';
import { type EventRow, getCurrentEvent, isRegistrationOpen, textsOn } from '../events/service.ts';
import { keepEntryLinks, newEntryLink, type TextedEntrant, textEntrant } from '../registrations/service.ts';
import { groupReceiptMail, RECEIPT_KIND, receiptMail } from './receipt-mail.ts';
import { amountsDue, REMINDER_KIND, type ReminderFacts, reminderMail } from './reminder-mail.ts';
import {
  countRemindedLately,
  entriesDueReminder,
  findReceipt,
  insertReceipts,
  lockReminders,
  noteReminders,
  type ReminderKind,
  receiptEntries,
  receiptsOfEntry,
  remindableAmong,
  takeReceiptNumbers,
} from './repository.ts';

/**
 * Issues a receipt for each payment, numbered on from its event's last one, and queues its mail, in the
 * caller's transaction: the payment, its receipt and its mail commit together or not at all.
 */
export async function issueReceipts(tx: Transaction, payments: EntryPaid[], links: Links) {
  const entries = await receiptEntries(
    tx,
    payments.map((payment) => payment.id),
  );
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const byEvent = new Map<string, (EntryPaid & (typeof entries)[number])[]>();
  for (const payment of payments) {
    const entry = byId.get(payment.id);
    if (entry) byEvent.set(entry.eventId, [...(byEvent.get(entry.eventId) ?? []), { ...entry, ...payment }]);
  }
  for (const [eventId, ofEvent] of byEvent) {
    // One receipt per payment: the entries a group's (or a company team's) payment paid together share one,
    // sent to the first of a group, to the company of a team.
    const byPayer = new Map<string, typeof ofEvent>();
    for (const paid of ofEvent) {
      const key = paid.groupId ?? (paid.companyAccountId ? `team ${paid.companyAccountId}` : paid.id);
      byPayer.set(key, [...(byPayer.get(key) ?? []), paid]);
    }
    const receipts = [...byPayer.values()];
    const first = await takeReceiptNumbers(tx, eventId, receipts.length);
    const issued = receipts.map((paid, index) => ({ paid, number: first + index }));
    await insertReceipts(
      tx,
      issued.flatMap(({ paid, number }) =>
        paid.map(({ id, amount, currency, method, paidOn }) => ({
          eventId,
          number,
          registrationId: id,
          amount,
          currency,
          method,
          paidOn,
        })),
      ),
    );
    for (const { paid, number } of issued) {
      const [receipt, ...others] = paid;
      if (!receipt) continue;
      const event = { title: receipt.eventTitle, year: receipt.eventYear };
      if (others.length > 0 && receipt.groupId === null && receipt.companyEmail) {
        // A team's payment: the company paid it, and is the one told (by mail: its account has no mobile).
        const company = { firstName: receipt.companyName, email: receipt.companyEmail };
        await enqueueMail(tx, groupReceiptMail(event, { ...receipt, ...company, number, entries: paid }));
        continue;
      }
      const texted = receipt.textsOn && (await textReceipt(tx, links, { ...receipt, number }, paid));
      const { email } = receipt;
      if (email === null || !wantsMail(receipt.notifyBy, texted)) continue;
      await enqueueMail(
        tx,
        others.length === 0
          ? receiptMail(event, { ...receipt, email, number })
          : groupReceiptMail(event, { ...receipt, email, number, entries: paid }),
      );
    }
  }
}

type Paid = Awaited<ReturnType<typeof receiptEntries>>[number] & EntryPaid;

/** The receipt's text, to the first entrant it paid; a group's payment counts what all its entries took. */
function textReceipt(tx: Transaction, links: Links, receipt: Paid & { number: number }, paid: Paid[]) {
  const stillDue = paid.reduce((sum, entry) => sum + toCents(entry.stillDue ?? '0'), 0);
  return textEntrant(statementsOn(tx), links, receipt, {
    eventId: receipt.eventId,
    registrationId: receipt.id,
    kind: RECEIPT_KIND,
    essential: !receipt.email,
    title: receipt.eventTitle,
    text: ENTRANT_TEXTS.receipt({
      ...receipt,
      amount: fromCents(paid.reduce((sum, entry) => sum + toCents(entry.amount), 0)),
      stillDue: stillDue > 0 ? fromCents(stillDue) : null,
    }),
    linkTo: receipt.id,
  });
}

/** An entry's receipts, the newest first. */
export async function entryReceipts(db: Database, registrationId: string) {
  const rows = await receiptsOfEntry(db, registrationId);
  return rows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() }));
}

/** One receipt of an entry as a one-page PDF. */
export async function receiptPdfOf({ database }: AppContext, registrationId: string, number: number) {
  const receipt = await findReceipt(database.db, registrationId, number);
  if (!receipt) throw notFound('There is no such receipt.');
  // pdfkit and its fonts load with the first PDF, not with every server (issue 15).
  const { receiptPdf } = await import('./receipt-pdf.ts');
  return {
    fileName: receiptFileName(receipt.reference, receipt.number),
    pdf: receiptPdf({ ...receipt, contactPhone: formatPhone(receipt.contactPhone) }),
  };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Entries reminded per transaction, each batch its own: PGlite answers a query without waiting on I/O, so a run
 * of queries never lets the event loop turn, and one transaction reminding 10,000 demo entries held it for 23 s
 * (issue 44 §2). A batch is a few queries an entry; a macrotask turn comes between batches.
 */
const REMINDERS_PER_TRANSACTION = 25;

/**
 * Queues a reminder to each entry noted, in the transaction that noted it, each with a new private link to
 * the entry (to pay online or cancel), stored with the mail.
 */
async function mailReminders(
  tx: Transaction,
  links: Links,
  event: EventRow,
  entries: (Reminded & RemindedBy)[],
  noted: Set<string>,
) {
  let sent = 0;
  for (const entry of entries) {
    if (!noted.has(entry.id)) continue;
    const texted = await textReminder(tx, links, event, entry);
    const { email } = entry;
    // Whoever stopped reminders by SMS after choosing texts alone is not reminded by mail instead.
    const mailed =
      email !== null && wantsMail(entry.notifyBy, texted || entry.smsRemindersStoppedAt !== null);
    if (mailed) {
      const link = newEntryLink(links);
      await keepEntryLinks(tx, [{ entryId: entry.id, digest: link.digest }]);
      await enqueueMail(tx, reminderMail(event, { ...entry, email, myLink: link.url }));
    }
    if (texted || mailed) sent += 1;
  }
  return sent;
}

/** An entry due a reminder; one without email is reminded by text alone. */
type Reminded = Omit<ReminderFacts, 'myLink' | 'email'> & { email: string | null };
type RemindedBy = TextedEntrant & { id: string; smsRemindersStoppedAt: Date | null };

/** A reminder's text waits for the sending hours; its link opens the page where texts can be stopped. */
async function textReminder(tx: Transaction, links: Links, event: EventRow, entry: Reminded & RemindedBy) {
  if (!textsOn(event) || entry.smsRemindersStoppedAt) return false;
  const due = amountsDue(entry);
  return textEntrant(statementsOn(tx), links, entry, {
    eventId: event.id,
    registrationId: entry.id,
    kind: REMINDER_KIND,
    held: true,
    title: event.title,
    text: ENTRANT_TEXTS.reminder({
      reference: entry.reference,
      due: formatFees(due.usd, due.zwg),
      closesOn: event.registrationClosesAt ? harareToday(event.registrationClosesAt) : null,
    }),
    linkTo: entry.id,
  });
}

/**
 * The automatic reminders due at `now` for the current event while registration is open: N days after
 * registering, and once registration closes within N days (the event's settings; 0 turns one off), each kind
 * once per entry, and no entry reminded twice in three days. Safe on several servers at once. A batch of entries
 * per short transaction, so a run cut short leaves each batch whole and the next run goes on. Answers how many
 * were queued.
 */
export async function sendDueReminders({ database, mailer, links }: AppContext, now = new Date()) {
  const event = await getCurrentEvent(database.db);
  if (!isRegistrationOpen(event, now)) return 0;
  const closesSoon =
    event.reminderDaysBeforeClose > 0 &&
    event.registrationClosesAt !== null &&
    event.registrationClosesAt.getTime() - now.getTime() <= event.reminderDaysBeforeClose * DAY_MS;
  if (event.reminderDaysAfter <= 0 && !closesSoon) return 0;
  /** Notes a batch of the entries due this kind of reminder and mails them, in one short transaction. */
  const remindSome = (kind: ReminderKind, registeredBy: Date | undefined) =>
    database.db.transaction(async (tx) => {
      await lockReminders(tx);
      const due = await entriesDueReminder(tx, event.id, now, kind, registeredBy, REMINDERS_PER_TRANSACTION);
      const noted = await noteReminders(
        tx,
        due.map((entry) => entry.id),
        kind,
        now,
      );
      // A full batch of which none was noted would come back again: stop rather than loop.
      const more = due.length === REMINDERS_PER_TRANSACTION && noted.size > 0;
      return { sent: await mailReminders(tx, links, event, due, noted), more };
    });
  const remind = async (kind: ReminderKind, registeredBy?: Date) => {
    let total = 0;
    for (;;) {
      const { sent, more } = await remindSome(kind, registeredBy);
      total += sent;
      if (!more) return total;
      await nextTurn();
    }
  };
  let sent = 0;
  if (event.reminderDaysAfter > 0) {
    sent += await remind('after-registering', new Date(now.getTime() - event.reminderDaysAfter * DAY_MS));
  }
  // An entry reminded just now is within its three days: the next query sees the rows noted above.
  if (closesSoon) sent += await remind('before-close');
  if (sent > 0) mailer.kick();
  return sent;
}

/** Runs the automatic reminders every hour (and a minute after start) while the server listens, one run at a time. */
export function startPaymentReminders(context: AppContext, onError: (error: unknown) => void) {
  // A minute after start too, so a server restarted more often than hourly still sends them.
  return repeatWhileListening(() => sendDueReminders(context), onError, {
    everyMs: 60 * 60_000,
    firstAfterMs: 60_000,
  });
}

/** Of these entries, how many an admin's reminder would go to now, and how many were left out for a recent one. */
export async function remindersToSend({ database }: AppContext, ids: string[], now = new Date()) {
  const [remindable, recentlyReminded] = await Promise.all([
    remindableAmong(database.db, ids, now),
    countRemindedLately(database.db, ids, now),
  ]);
  return { count: remindable.length, recentlyReminded };
}

/** An admin's reminders to these entries: the unpaid active ones not reminded in the last three days. */
export async function sendRemindersNow(
  { database, mailer, links }: AppContext,
  ids: string[],
  now = new Date(),
) {
  const event = await getCurrentEvent(database.db);
  let sent = 0;
  for (let at = 0; at < ids.length; at += REMINDERS_PER_TRANSACTION) {
    if (at > 0) await nextTurn();
    const some = ids.slice(at, at + REMINDERS_PER_TRANSACTION);
    sent += await database.db.transaction(async (tx) => {
      await lockReminders(tx);
      const due = await remindableAmong(tx, some, now);
      const noted = await noteReminders(
        tx,
        due.map((entry) => entry.id),
        'by-admin',
        now,
      );
      return mailReminders(tx, links, event, due, noted);
    });
  }
  if (sent > 0) mailer.kick();
  return sent;
}

/**
 * The next receipt number of the event, for a receipt of something other than an entry's payment (a gift, issue
 * 43): the same series, so numbers never repeat or skip across both.
 */
export const takeReceiptNumber = (tx: Transaction, eventId: string) => takeReceiptNumbers(tx, eventId, 1);
