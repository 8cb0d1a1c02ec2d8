import type { CurrentUser } from '../../../shared/accounts/account.ts';
import { actorAccountOf } from '../../../shared/accounts/actor.ts';
import { formatShortDate, harareToday } from '../../../shared/dates.ts';
import { DISCIPLINES } from '../../../shared/events/event-display.ts';
import {
  type AssignBibs,
  type AssignBibsResult,
  type BibInput,
  formatBibRange,
  type RaceBibs,
} from '../../../shared/participants/bibs.ts';
import {
  type Currency,
  type MANUAL_PAYMENT_METHODS,
  type MarkPaid,
  type MarkPaidResult,
  PAYMENT_METHOD_LABELS,
  type ParticipantDetail,
  type ParticipantEditData,
  type ParticipantFilter,
  type ParticipantListQuery,
  type PaymentUpdateData,
} from '../../../shared/participants/participants.ts';
import { fromCents, owes, toCents } from '../../../shared/payments/balance.ts';
import { guardianOf } from '../../../shared/registrations/guardian.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { exportedBy } from '../../http/exported-by.ts';
import { badRequest, conflict, notFound, Problem } from '../../http/problem.ts';
import { type AuditActor, recordAudit } from '../audit-log/service.ts';
import { askEmailChange, changeOfLink, takeConfirmedChange } from '../email-changes/service.ts';
import {
  findRace,
  getCurrentEvent,
  getCurrentEventId,
  getEdition,
  isRegistrationOpen,
  lockRace,
} from '../events/service.ts';
import { entryReceipts, issueReceipts, remindersToSend, sendRemindersNow } from '../receipts/service.ts';
import { countPlacesHeld, RACE_FULL } from '../registrations/service.ts';
import { offerFreedPlaces } from '../waitlist/service.ts';
import { participantsCsv } from './export-csv.ts';
import { dueOf, receivePayment } from './receive-payment.ts';
import {
  addHistory,
  addHistoryNotes,
  bibsTakenBetween,
  countInRace,
  countParticipants,
  entriesToMarkPaid,
  entriesWithoutBib,
  findParticipant,
  findRaceOfEvent,
  giveBibs,
  historyOf,
  idsMatching,
  listParticipants,
  lockEntry,
  lockRaceBibs,
  onlinePaymentUnderWay,
  participantBatches,
  raceBibCounts,
  startListBatches,
  updateEntry,
} from './repository.ts';
import { startListCsv, timingCsv } from './start-list-csv.ts';

const FIELD_LABELS: Record<string, string> = {
  firstName: 'name',
  lastName: 'surname',
  email: 'email',
  mobile: 'mobile',
  age: 'age',
  gender: 'gender',
  raceType: 'race',
  nextOfKinMobile: 'next of kin',
  guardianName: 'parent or guardian',
  guardianMobile: "parent or guardian's mobile",
  tshirtSize: 'T-shirt',
  listedInSearch: 'listing in the public search',
};

export async function participantsPage({ database }: AppContext, query: ParticipantListQuery) {
  const list = await listParticipants(database.db, (await editionOf(database.db, query)).id, query);
  return {
    ...list,
    rows: list.rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      payment: { amount: row.paymentAmount, currency: row.paymentCurrency },
      fees: feesOf(row),
    })),
  };
}

const feesOf = (race: { feeUsd: string | null; feeZwg: string | null }) => ({
  USD: race.feeUsd,
  ZWG: race.feeZwg,
});

/** The edition a list or export is of: the one asked for, or the current one. */
const editionOf = (db: Database, filter: ParticipantFilter) =>
  filter.edition ? getEdition(db, filter.edition) : getCurrentEvent(db);

/** How many entries the filtered list holds in all (an export's rows, for the audit trail). */
export async function participantsCount({ database }: AppContext, filter: ParticipantFilter) {
  const event = await editionOf(database.db, filter);
  return countParticipants(database.db, event.id, filter);
}

export async function participantsCsvExport(
  { database }: AppContext,
  query: ParticipantListQuery,
  exporter: CurrentUser,
) {
  const event = await editionOf(database.db, query);
  return participantsCsv(participantBatches(database.db, event.id, query), exportedBy(exporter.name));
}

export async function participantsPdfExport(
  { database }: AppContext,
  query: ParticipantListQuery,
  exporter: CurrentUser,
) {
  const { db } = database;
  const event = await editionOf(db, query);
  // One section per discipline, which the PDF shows as a band instead of a column.
  const disciplines = query.discipline ? [query.discipline] : DISCIPLINES;
  const sections = await Promise.all(
    disciplines.map(async (discipline) => {
      const filter = { ...query, discipline };
      return {
        discipline,
        total: await countParticipants(db, event.id, filter),
        batches: participantBatches(db, event.id, filter),
      };
    }),
  );
  // pdfkit and its fonts load on the first export, not with every server (issue 15).
  const { describeFilter, participantsPdf } = await import('./export-pdf.ts');
  return participantsPdf(
    {
      title: `${event.title}${event.isCurrent ? '' : ` ${event.year}`} Participants`,
      filters: describeFilter(query),
      total: sections.reduce((sum, section) => sum + section.total, 0),
      exportedBy: exportedBy(exporter.name),
    },
    sections,
  );
}

async function currentRace(db: Database, raceId: string) {
  const event = await getCurrentEvent(db);
  const race = await findRaceOfEvent(db, event.id, raceId);
  if (!race) throw notFound('There is no such race.');
  return { event, race };
}

/** A race's start list: its entries that are not cancelled, by surname, for race morning. */
export async function raceStartListPdf({ database }: AppContext, raceId: string, exporter: CurrentUser) {
  const { db } = database;
  const { event, race } = await currentRace(db, raceId);
  const total = await countInRace(db, race.id);
  const { startListPdf } = await import('./start-list-pdf.ts');
  const discipline = race.discipline === 'run' ? 'Runners' : 'Cyclists';
  return {
    fileName: `FunRun_StartList_${discipline}_${race.label}.pdf`.replace(/[^\w.-]+/g, '_'),
    rowCount: total,
    pdf: startListPdf(
      {
        event: event.title,
        race: `${discipline} ${race.label}`,
        total,
        exportedBy: exportedBy(exporter.name),
      },
      startListBatches(db, race.id),
    ),
  };
}

/** The same start list as CSV for a timing company (bib, names, gender, age, age group, race, reference). */
export async function raceStartListCsv({ database }: AppContext, raceId: string, exporter: CurrentUser) {
  const { db } = database;
  const { race } = await currentRace(db, raceId);
  const name = raceName(race);
  return {
    fileName: `FunRun_StartList_${name}.csv`.replace(/[^\w.-]+/g, '_'),
    rowCount: await countInRace(db, race.id),
    csv: startListCsv(name, startListBatches(db, race.id), exportedBy(exporter.name)),
  };
}

/** The start list for timing software: the header on the first line, the age group as its category. */
export async function raceTimingCsv({ database }: AppContext, raceId: string) {
  const { db } = database;
  const { race } = await currentRace(db, raceId);
  const name = raceName(race);
  return {
    fileName: `FunRun_Timing_${name}.csv`.replace(/[^\w.-]+/g, '_'),
    rowCount: await countInRace(db, race.id),
    csv: timingCsv(name, startListBatches(db, race.id)),
  };
}

/** Any edition's entry: an earlier one's is read here, and changed nowhere (the changes look in the current one). */
export async function participantDetail({ database }: AppContext, id: string): Promise<ParticipantDetail> {
  const currentId = await getCurrentEventId(database.db);
  const row = await findParticipant(database.db, null, id);
  if (!row) throw notFound('There is no such entry.');
  const [history, receipts] = await Promise.all([historyOf(database.db, id), entryReceipts(database.db, id)]);
  return {
    id: row.id,
    archived: row.eventId !== currentId,
    reference: row.reference,
    discipline: row.discipline,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobile: row.mobile,
    nextOfKinMobile: row.nextOfKinMobile,
    guardianName: row.guardianName,
    guardianMobile: row.guardianMobile,
    guardianConsentedAt: row.guardianConsentedAt?.toISOString() ?? null,
    age: row.age,
    gender: row.gender,
    raceType: row.raceType,
    tshirtSize: row.tshirtSize,
    paymentStatus: row.paymentStatus,
    bib: row.bib,
    raceBibs: { bibFrom: row.bibFrom, bibTo: row.bibTo },
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    listedInSearch: row.listedInSearch,
    fees: feesOf(row),
    payment: {
      method: row.method,
      amount: row.amount,
      currency: row.currency,
      payerReference: row.payerReference,
      paidOn: row.paidOn,
      waiverReason: row.waiverReason,
    },
    receipts,
    history: [
      ...history.map(({ actorId, actorRole, actorEmail, ...entry }) => ({
        ...entry,
        at: entry.at.toISOString(),
        byAccount: actorAccountOf(actorId, actorRole, actorEmail),
      })),
      {
        at: row.createdAt.toISOString(),
        by: null,
        byAccount: null,
        action: 'registered' as const,
        summary: `Registered (${row.reference})`,
      },
    ],
  };
}

function paymentSummary(update: PaymentUpdateData) {
  switch (update.status) {
    case 'paid':
      return `Marked paid: ${update.currency} ${update.amount} by ${PAYMENT_METHOD_LABELS[update.method]} on ${formatShortDate(update.paidOn)}${update.payerReference ? `, reference ${update.payerReference}` : ''}`;
    case 'waived':
      return `Fee waived: ${update.reason}`;
    default:
      return 'Marked unpaid';
  }
}

type EntryRow = NonNullable<Awaited<ReturnType<typeof findParticipant>>>;
type EventNow = Awaited<ReturnType<typeof getCurrentEvent>>;
/** A change made here: check-in notes its late taps through noteInHistory. */
type HistoryNote = Omit<Parameters<typeof addHistory>[1], 'registrationId' | 'action'> & {
  action: keyof typeof AUDIT_ACTIONS;
};

/** A note in an entry's history made by another feature (a late check-in tap), in that feature's transaction. */
export const noteInHistory = (
  tx: Transaction,
  note: Parameters<typeof addHistory>[1],
  actor: { id: string | null; name: string },
) => addHistory(tx, note, actor);
type Change = (tx: Transaction, row: EntryRow, event: EventNow) => Promise<HistoryNote | undefined>;

/**
 * Whose change it is: an admin's (any entry of the event), a company manager's, who may change only
 * the team's own unpaid entries and only until registration closes (then the organisers do), or the
 * entrant's own by the private link (the caller has found the entry by it), within the entrant's rules.
 */
export type ChangedBy =
  | { admin: CurrentUser }
  | { company: CurrentUser }
  | { entrant: true }
  | { paynow: true };

/** How the entrant is named in the history: there is no account behind a private link. */
const ENTRANT_ACTOR = { id: null, name: 'the entrant' };
/** A payment Paynow confirmed (issue 16). */
const PAYNOW_ACTOR = { id: null, name: 'Paynow' };

const actorOf = (by: ChangedBy) =>
  'admin' in by ? by.admin : 'company' in by ? by.company : 'paynow' in by ? PAYNOW_ACTOR : ENTRANT_ACTOR;

/** The audit trail names accounts; Paynow and an entrant by the private link have none (who is in its details). */
const auditActorOf = (by: ChangedBy): AuditActor =>
  'admin' in by ? by.admin : 'company' in by ? by.company : null;

const AUDIT_ACTIONS = {
  edited: 'registration.edit',
  payment: 'registration.payment',
  cancelled: 'registration.cancel',
} as const;

/** A change to entries, in the audit trail beside their history notes (in the change's transaction). */
const auditEntryChange = (
  tx: Transaction,
  actor: AuditActor,
  action: keyof typeof AUDIT_ACTIONS,
  references: string[],
  details: Record<string, unknown>,
) =>
  recordAudit(tx, actor, {
    action: AUDIT_ACTIONS[action],
    subject: references.length === 1 ? `registration ${references[0]}` : `${references.length} registrations`,
    rowCount: references.length,
    details: references.length === 1 ? details : { ...details, references },
  });

/**
 * What the entrant may not change alone: the T-shirt after the admin's cut-off date (Harare), the race once
 * registration has closed, and a paid or waived entry's race for one with another fee (the organisers settle
 * the money).
 */
function assertEntrantMayChange(
  row: EntryRow,
  event: EventNow,
  change: { tshirtSize: string; race: { id: string; feeUsd: string | null; feeZwg: string | null } },
) {
  if (change.tshirtSize !== row.tshirtSize && !tshirtChangeable(event)) {
    throw badRequest('Please check the form.', [
      {
        path: 'tshirtSize',
        message: `T-shirt sizes could be changed until ${formatShortDate(event.tshirtChangesUntil ?? '')}`,
      },
    ]);
  }
  if (change.race.id === row.raceOptionId) return;
  if (!isRegistrationOpen(event)) {
    throw conflict('Registration has closed: ask the organisers to change your race.');
  }
  const sameFee = change.race.feeUsd === row.feeUsd && change.race.feeZwg === row.feeZwg;
  if (row.paymentStatus !== 'unpaid' && !sameFee) {
    const paid = row.paymentStatus === 'part_paid' ? 'part paid' : 'paid';
    throw conflict(`Your entry is ${paid}: ask the organisers to change to a race with another fee.`);
  }
}

/** Whether an entrant may still change the T-shirt size (until the cut-off date, Harare, inclusive). */
export const tshirtChangeable = (event: EventNow, now = new Date()) =>
  event.tshirtChangesUntil === null || harareToday(now) <= event.tshirtChangesUntil;

function assertTeamMayChange(row: EntryRow, event: EventNow, company: CurrentUser) {
  if (row.companyAccountId !== company.id) throw notFound('There is no such entry.');
  if (!isRegistrationOpen(event)) {
    throw conflict('Registration has closed: ask the organisers to change this entry.');
  }
  if (row.paymentStatus !== 'unpaid') {
    const paid = row.paymentStatus === 'part_paid' ? 'part paid' : 'paid';
    throw conflict(`This entry is ${paid}: ask the organisers to change it.`);
  }
}

/** One change to an entry in one transaction, noted in its history under the name of whoever made it. */
async function changeEntry(context: AppContext, id: string, by: ChangedBy, change: Change) {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  await db.transaction(async (tx) => {
    const row = await findParticipant(tx, event.id, id);
    if (!row) throw notFound('There is no such entry.');
    if ('company' in by) assertTeamMayChange(row, event, by.company);
    const note = await change(tx, row, event);
    if (!note) return;
    await addHistory(tx, { registrationId: id, ...note }, actorOf(by));
    const accountless = 'admin' in by || 'company' in by ? {} : { by: actorOf(by).name };
    await auditEntryChange(tx, auditActorOf(by), note.action, [row.reference], {
      summary: note.summary,
      ...accountless,
    });
  });
}

export const recordPayment = async (
  context: AppContext,
  id: string,
  update: PaymentUpdateData,
  actor: CurrentUser,
) => {
  await changeEntry(context, id, { admin: actor }, async (tx, row) => {
    if (row.status === 'cancelled') throw conflict('This entry was cancelled; its payment cannot change.');
    // Locked before it is read: two payments recorded at once never both find it unpaid (two receipts).
    const [before] = await entriesToMarkPaid(tx, row.eventId, [id]);
    await updateEntry(tx, id, {
      paymentStatus: update.status,
      paymentMethod: update.status === 'paid' ? update.method : null,
      paymentAmount: update.status === 'paid' ? update.amount : null,
      paymentCurrency: update.status === 'paid' ? update.currency : null,
      payerReference: update.status === 'paid' ? (update.payerReference ?? null) : null,
      paidOn: update.status === 'paid' ? update.paidOn : null,
      waiverReason: update.status === 'waived' ? update.reason : null,
    });
    if (update.status === 'paid' && before?.paymentStatus !== 'paid') {
      // The admin states the whole amount received: the receipt is for what a part payment had not covered.
      const earlier =
        before?.paymentStatus === 'part_paid' && before.paymentCurrency === update.currency
          ? toCents(before.paymentAmount ?? '0')
          : 0;
      const received = fromCents(Math.max(0, toCents(update.amount) - earlier));
      await issueReceipts(tx, [{ id, ...update, amount: received, stillDue: null }]);
    }
    return { action: 'payment', summary: paymentSummary(update) };
  });
  context.mailer.kick();
  return participantDetail(context, id);
};

/** A payment confirmed by Paynow, or why it was not recorded (the entry is already paid or waived, or cancelled). */
export type OnlinePaymentOutcome = 'recorded' | 'paid' | 'waived' | 'cancelled';

/**
 * Records a payment Paynow confirmed, once, by the one rule (receivePayment: checked against the fee now):
 * the same payment (method and Paynow reference) again is 'recorded' and changes nothing; an entry paid or
 * waived otherwise, or cancelled, is left as it is.
 */
export async function recordOnlinePayment(
  context: AppContext,
  id: string,
  payment: {
    method: 'paynow_ecocash' | 'paynow_onemoney' | 'paynow_web';
    amount: string;
    currency: Currency;
    paynowReference: string;
    paidOn: string;
    onlinePaymentId: string;
  },
): Promise<OnlinePaymentOutcome> {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  const outcome = await db.transaction(async (tx): Promise<OnlinePaymentOutcome> => {
    await lockEntry(tx, id);
    const row = await findParticipant(tx, event.id, id);
    if (!row) throw notFound('There is no such entry.');
    if (row.method === payment.method && row.payerReference === payment.paynowReference) return 'recorded';
    if (row.status === 'cancelled') return 'cancelled';
    if (row.paymentStatus === 'paid' || row.paymentStatus === 'waived') return row.paymentStatus;
    const received = await receivePayment(
      tx,
      event.id,
      {
        entryIds: [id],
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        payerReference: payment.paynowReference,
        paidOn: payment.paidOn,
        onlinePaymentId: payment.onlinePaymentId,
        describe: (share) =>
          `Paid online: ${share.currency} ${share.amount} by ${PAYMENT_METHOD_LABELS[payment.method]} on ${formatShortDate(payment.paidOn)}, Paynow reference ${payment.paynowReference}`,
      },
      PAYNOW_ACTOR,
    );
    const [share] = received.shares;
    if (share) {
      await auditEntryChange(tx, null, 'payment', [row.reference], {
        by: PAYNOW_ACTOR.name,
        amount: share.amount,
        currency: share.currency,
        status: share.status,
      });
    }
    return 'recorded';
  });
  context.mailer.kick();
  return outcome;
}

/**
 * Several entries paid by one method, in one transaction: each unpaid one is paid what it owes in the currency
 * (its race's fee, or a part payment's balance), by the one rule, with a note in its history. Entries already
 * paid or waived, cancelled, gone, or that owe nothing known in the currency are left as they are, and the
 * answer says which and why.
 */
export async function markPaid(
  { database, mailer }: AppContext,
  request: MarkPaid,
  actor: CurrentUser,
): Promise<MarkPaidResult> {
  const { db } = database;
  const eventId = await getCurrentEventId(db);
  const ids = [...new Set(request.ids)];
  const { method, currency, paidOn } = request;
  const marked = await db.transaction(async (tx) => {
    const found = new Map((await entriesToMarkPaid(tx, eventId, ids)).map((row) => [row.id, row]));
    const result: MarkPaidResult = { marked: [], skipped: [] };
    for (const id of ids) {
      const row = found.get(id);
      const owed = dueOf(row, currency);
      if ('reason' in owed || !row) {
        result.skipped.push({
          id,
          reference: row?.reference ?? null,
          reason: 'reason' in owed ? owed.reason : 'not_found',
        });
        continue;
      }
      const received = await receivePayment(
        tx,
        eventId,
        {
          entryIds: [id],
          amount: fromCents(owed.due),
          currency,
          method,
          payerReference: null,
          paidOn,
          describe: (share) => paymentSummary({ status: 'paid', method, ...share, paidOn }),
        },
        actor,
      );
      result.marked.push(
        ...received.shares.map(({ id, reference, amount }) => ({ id, reference, amount, currency })),
      );
    }
    if (result.marked.length > 0) {
      await auditEntryChange(
        tx,
        actor,
        'payment',
        result.marked.map((entry) => entry.reference),
        { method, currency, paidOn },
      );
    }
    return result;
  });
  mailer.kick();
  return marked;
}

/** Money a statement line brought: the entries it names in order, and the line's method, amount, reference and date. */
export interface StatementPayment {
  ids: string[];
  /** A statement is a bank or mobile-money account's: paid by one of the ways an admin records by hand. */
  method: (typeof MANUAL_PAYMENT_METHODS)[number];
  amount: string;
  currency: Currency;
  payerReference: string;
  paidOn: string;
}

/**
 * Payments read from a statement, inside the caller's transaction (the statement's lines are marked applied
 * in the same one): each line's amount goes to the entries it names by the one rule (receivePayment: whole
 * dues in the order named, the rest a part payment on the next, more than due flagged). Entries already paid
 * or waived (also by an earlier line of the same list), cancelled or gone take nothing, and the answer says
 * which and why.
 */
export async function recordStatementPayments(
  tx: Transaction,
  eventId: string,
  payments: StatementPayment[],
  actor: CurrentUser,
): Promise<MarkPaidResult> {
  const result: MarkPaidResult = { marked: [], skipped: [] };
  for (const payment of payments) {
    const payerReference = payment.payerReference.slice(0, 100);
    const received = await receivePayment(
      tx,
      eventId,
      {
        entryIds: payment.ids,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        payerReference,
        paidOn: payment.paidOn,
        describe: (share) =>
          paymentSummary({
            status: 'paid',
            method: payment.method,
            ...share,
            payerReference,
            paidOn: payment.paidOn,
          }),
      },
      actor,
    );
    result.marked.push(
      ...received.shares.map(({ id, reference, amount, currency }) => ({ id, reference, amount, currency })),
    );
    result.skipped.push(...received.skipped);
  }
  if (result.marked.length > 0) {
    await auditEntryChange(
      tx,
      actor,
      'payment',
      result.marked.map((entry) => entry.reference),
      { source: 'statement' },
    );
  }
  return result;
}

/** The entries of the list as filtered that still owe (unpaid or part paid), in the current edition: reminders go to no other. */
async function unpaidMatching({ database }: AppContext, filter: ParticipantFilter) {
  const eventId = await getCurrentEventId(database.db);
  if (filter.edition && filter.edition !== eventId) {
    throw conflict('Payment reminders go to the current edition’s entries only.');
  }
  if (filter.payment) return owes(filter.payment) ? idsMatching(database.db, eventId, filter) : [];
  const owing = await Promise.all(
    (['unpaid', 'part_paid'] as const).map((payment) =>
      idsMatching(database.db, eventId, { ...filter, payment }),
    ),
  );
  return owing.flat();
}

/** How many of the filtered list's unpaid entries a reminder would go to now, and how many were reminded lately. */
export async function paymentRemindersPreview(context: AppContext, filter: ParticipantFilter) {
  return remindersToSend(context, await unpaidMatching(context, filter));
}

/** Reminds the filtered list's unpaid entries to pay, each not reminded in the last three days. */
export async function sendPaymentReminders(context: AppContext, filter: ParticipantFilter) {
  return { sent: await sendRemindersNow(context, await unpaidMatching(context, filter)) };
}

/** Corrects an entry with the public form's rules (a new race must have room). */
export async function editEntry(context: AppContext, id: string, change: ParticipantEditData, by: ChangedBy) {
  try {
    await changeEntry(context, id, by, async (tx, row, event) => {
      if (row.status === 'cancelled') throw conflict('This entry was cancelled and cannot be edited.');
      const race = await findRace(tx, event.id, row.discipline, change.raceType);
      if (!race)
        throw badRequest('Please check the form.', [
          { path: 'raceType', message: 'Choose a race type from the list' },
        ]);
      if (!event.tshirtSizes[row.discipline].includes(change.tshirtSize)) {
        throw badRequest('Please check the form.', [
          { path: 'tshirtSize', message: 'Choose a T-shirt size from the list' },
        ]);
      }
      if ('entrant' in by) assertEntrantMayChange(row, event, { tshirtSize: change.tshirtSize, race });
      const raceChanged = race.id !== row.raceOptionId;
      if (raceChanged) await refuseWhilePaying(tx, id);
      // Both races locked, always in the same order: two entries swapping races never wait on each other.
      if (raceChanged) for (const raceId of [race.id, row.raceOptionId].sort()) await lockRace(tx, raceId);
      if (raceChanged && race.capacity !== null && (await countPlacesHeld(tx, race.id)) >= race.capacity) {
        throw conflict(RACE_FULL);
      }
      const { raceType: _race, guardianConsent: _ticked, ...fields } = change;
      // The agreement given keeps its time while the same guardian stays; another one agrees now.
      const sameGuardian =
        row.guardianName === (fields.guardianName ?? null) &&
        row.guardianMobile === (fields.guardianMobile ?? null);
      const { guardianConsentedAt, ...guardian } = guardianOf(
        change,
        (sameGuardian && row.guardianConsentedAt) || new Date(),
      );
      // Only an admin changes an address at once; the entrant's or the team's new one must confirm it first.
      const addressChanged = !sameAddress(fields.email, row.email);
      const emailAsked = addressChanged && !('admin' in by) ? fields.email : null;
      const next = {
        ...fields,
        ...guardian,
        email: emailAsked ? row.email : fields.email,
        gender: fields.gender ?? null,
        listedInSearch: fields.listedInSearch ?? row.listedInSearch,
      };
      const before: Record<string, unknown> = { ...row, raceType: row.raceType };
      const changed = [...Object.keys(next), 'raceType'].filter((key) =>
        key === 'raceType' ? race.label !== row.raceType : before[key] !== next[key as keyof typeof next],
      );
      if (changed.length === 0 && !emailAsked) return undefined;
      // A bib is one of its race's numbers: another race's entry gets one of that race's.
      const bibCleared = race.id !== row.raceOptionId && row.bib !== null;
      await updateEntry(tx, id, {
        ...next,
        guardianConsentedAt,
        raceOptionId: race.id,
        ...(bibCleared ? { bib: null } : {}),
        ...(addressChanged && !emailAsked ? { emailChangedAt: new Date() } : {}),
      });
      if (raceChanged) await offerFreedPlaces(statementsOn(tx), row.raceOptionId, context.env.PUBLIC_URL);
      if (emailAsked) {
        await askEmailChange(tx, {
          entry: row,
          newEmail: emailAsked,
          askedBy: actorOf(by).name,
          eventTitle: event.title,
          publicUrl: context.env.PUBLIC_URL,
        });
      }
      const notes = [
        ...(changed.length > 0 ? [`Changed ${changed.map((key) => FIELD_LABELS[key]).join(', ')}`] : []),
        ...(bibCleared ? [`bib ${row.bib} cleared (it was the old race's)`] : []),
        ...(emailAsked ? ['new email asked for, waiting for the new address to confirm it'] : []),
      ];
      const summary = notes.join('; ');
      return { action: 'edited', summary: summary.charAt(0).toUpperCase() + summary.slice(1) };
    });
    context.mailer.kick();
  } catch (error) {
    if (uniqueViolation(error) === 'registrations_same_person') {
      throw conflict('Another active entry already has this name and email in this discipline.');
    }
    throw error;
  }
}

/** The same mailbox: addresses differ only by the case of their letters. */
const sameAddress = (one: string, other: string) => one.toLowerCase() === other.toLowerCase();

/**
 * The new address confirmed by following the link mailed to it: the entry's email changes now (noted as the
 * entrant's change, who holds that mailbox), and when it changed is kept.
 */
export async function confirmEmailChange(context: AppContext, token: string) {
  const { registrationId } = await changeOfLink(context, token);
  let confirmed = { reference: '', email: '' };
  try {
    await changeEntry(context, registrationId, { entrant: true }, async (tx, row) => {
      const change = await takeConfirmedChange(tx, token);
      if (row.status === 'cancelled')
        throw conflict('This entry was cancelled: its email no longer changes.');
      await updateEntry(tx, row.id, { email: change.newEmail, emailChangedAt: new Date() });
      confirmed = { reference: row.reference, email: change.newEmail };
      return { action: 'edited', summary: 'Changed email (confirmed by the link mailed to the new address)' };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'registrations_same_person') {
      throw conflict('Another active entry already has this name and email in this discipline.');
    }
    throw error;
  }
  return confirmed;
}

/** The code of the answer to a race change while the entry's online payment is under way. */
export const PAYMENT_UNDER_WAY = 'PAYMENT_UNDER_WAY';

/**
 * A race is not changed while an online payment of the entry is under way: its amount was the old race's fee.
 * The entry is locked first, so a payment starting meanwhile (payments/ locks it too) waits for the change.
 */
async function refuseWhilePaying(tx: Transaction, id: string) {
  await lockEntry(tx, id);
  if (await onlinePaymentUnderWay(tx, id)) {
    throw new Problem(
      409,
      'Conflict',
      'A payment of this entry is under way: the race can change once it has gone through or failed (a few minutes at most).',
      undefined,
      undefined,
      PAYMENT_UNDER_WAY,
    );
  }
}

/** Cancels an entry: its place is free again (offered to the race's waitlist at once), its history kept. */
export async function cancelEntry(context: AppContext, id: string, by: ChangedBy) {
  await changeEntry(context, id, by, async (tx, row) => {
    if (row.status === 'cancelled') return undefined;
    await updateEntry(tx, id, { status: 'cancelled' });
    await offerFreedPlaces(statementsOn(tx), row.raceOptionId, context.env.PUBLIC_URL);
    return { action: 'cancelled', summary: 'Entry cancelled; its place is free again' };
  });
  context.mailer.kick();
}

/** Each race of the current event with its bib range and what assigning its bibs would do. */
export async function raceBibs({ database }: AppContext): Promise<RaceBibs[]> {
  const { db } = database;
  const event = await getCurrentEvent(db);
  return (await raceBibCounts(db, event.id)).map(({ takenInRange, ...race }) => ({
    ...race,
    active: Number(race.active),
    withoutBib: Number(race.withoutBib),
    free:
      race.bibFrom === null || race.bibTo === null ? 0 : race.bibTo - race.bibFrom + 1 - Number(takenInRange),
  }));
}

const raceName = (race: { discipline: 'run' | 'cycle'; label: string }) =>
  `${race.discipline === 'run' ? 'Runners' : 'Cyclists'} ${race.label}`;

/** The unique index is the last guard: a number given elsewhere at the same moment ends in a clear 409. */
function bibTaken(error: unknown, detail: string): never {
  if (uniqueViolation(error) === 'registrations_event_bib') throw conflict(detail);
  throw error;
}

/**
 * Gives a bib to each of the race's entries that are not cancelled and have none, the lowest free numbers of
 * its range in the order asked for, in one transaction: all of them or, when the range is too small, none.
 * Entries that have a bib keep it; numbers held by cancelled entries are never given again.
 */
export async function assignBibs(
  { database }: AppContext,
  raceId: string,
  { order }: AssignBibs,
  actor: CurrentUser,
): Promise<AssignBibsResult> {
  const { db } = database;
  const event = await getCurrentEvent(db);
  return db
    .transaction(async (tx) => {
      const race = await lockRaceBibs(tx, event.id, raceId);
      if (!race) throw notFound('There is no such race.');
      if (race.bibFrom === null || race.bibTo === null) {
        throw conflict(
          `The ${raceName(race)} race has no bib numbers yet: set them in Event settings → Races first.`,
        );
      }
      const ids = await entriesWithoutBib(tx, race.id, order);
      if (ids.length === 0) return { assigned: 0, first: null, last: null };
      const taken = await bibsTakenBetween(tx, event.id, race.bibFrom, race.bibTo);
      const free: number[] = [];
      for (let bib = race.bibFrom; bib <= race.bibTo && free.length < ids.length; bib++) {
        if (!taken.has(bib)) free.push(bib);
      }
      if (free.length < ids.length) {
        throw conflict(
          `The ${raceName(race)} race's bibs ${formatBibRange(race)} are too few: ${ids.length} entries need one, ${free.length} numbers are free, so ${ids.length - free.length} are missing. Widen the range in Event settings → Races; no bibs were given.`,
        );
      }
      const given = ids.map((id, index) => ({ id, bib: free[index] as number }));
      await giveBibs(tx, given);
      await recordAudit(tx, actor, {
        action: 'registration.bibs-assign',
        subject: `race ${race.id}`,
        rowCount: given.length,
        details: { order, first: free[0], last: free[free.length - 1] },
      });
      await addHistoryNotes(
        tx,
        given.map(({ id, bib }) => ({
          registrationId: id,
          action: 'edited' as const,
          summary: `Bib ${bib} given`,
        })),
        actor,
      );
      return { assigned: given.length, first: free[0] ?? null, last: free[free.length - 1] ?? null };
    })
    .catch((error: unknown) =>
      bibTaken(error, 'Another admin gave bibs at the same moment, so none were given here. Try again.'),
    );
}

/** Sets one entry's bib by hand (one of its race's numbers, free in the event), or clears it. */
export async function setBib(context: AppContext, id: string, { bib }: BibInput, actor: CurrentUser) {
  await changeEntry(context, id, { admin: actor }, async (tx, row, event) => {
    if (row.bib === bib) return undefined;
    if (row.status === 'cancelled') {
      throw conflict(
        'This entry was cancelled: it keeps its bib, so the number is never given to anyone else.',
      );
    }
    const race = await lockRaceBibs(tx, event.id, row.raceOptionId);
    if (bib !== null) {
      if (!race || race.bibFrom === null || race.bibTo === null || bib < race.bibFrom || bib > race.bibTo) {
        throw conflict(
          `Bib ${bib} is not one of the ${row.raceType} race's numbers (${race ? formatBibRange(race) : 'none'}).`,
        );
      }
      if ((await bibsTakenBetween(tx, event.id, bib, bib)).size > 0) {
        throw conflict(`Bib ${bib} is already taken in this event.`);
      }
    }
    await updateEntry(tx, id, { bib });
    return {
      action: 'edited',
      summary:
        bib === null
          ? `Bib ${row.bib} cleared`
          : row.bib === null
            ? `Bib ${bib} given`
            : `Bib changed from ${row.bib} to ${bib}`,
    };
  }).catch((error: unknown) => bibTaken(error, `Bib ${bib} is already taken in this event.`));
  return participantDetail(context, id);
}
