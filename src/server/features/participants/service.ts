import type { CurrentUser } from '../../../shared/accounts/account.ts';
import { actorAccountOf } from '../../../shared/accounts/actor.ts';
import { formatShortDate, harareToday } from '../../../shared/dates.ts';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { zwgFeeOf } from '../../../shared/events/zwg-rate.ts';
import type {
  HistoryEntry,
  ParticipantDetail,
  ParticipantEditData,
  ParticipantFilter,
  ParticipantListQuery,
} from '../../../shared/participants/participants.ts';
import { owes } from '../../../shared/payments/balance.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { guardianOf } from '../../../shared/registrations/guardian.ts';
import { isSpellingCorrection, NAME_NOT_TRANSFERABLE } from '../../../shared/registrations/name-spelling.ts';
import { EMAIL_MISSING } from '../../../shared/registrations/registration.ts';
import { SMS_KIND_LABELS, SMS_STATUS_LABELS } from '../../../shared/sms/sms-kinds.ts';
import type { NotifyBy } from '../../../shared/sms/sms-settings.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { refuseLandline } from '../../sms/mobile-only.ts';
import { smsOfEntry } from '../../sms/repository.ts';
import { type AuditActor, recordAudit } from '../audit-log/service.ts';
import { askEmailChange, changeOfLink, takeConfirmedChange } from '../email-changes/service.ts';
import {
  type EventRow,
  getCurrentEvent,
  getCurrentEventId,
  getEdition,
  isRegistrationOpen,
  lockRaces,
  raceChosen,
  textsOn,
} from '../events/service.ts';
import {
  askMobileChange,
  checkMobileCode,
  takeConfirmedMobile,
  textOldMobile,
} from '../mobile-changes/service.ts';
import { entryReceipts, remindersToSend, sendRemindersNow } from '../receipts/service.ts';
import { contactPhoneOf, raceFull, raceHasRoom, zwgQuoteOf } from '../registrations/service.ts';
import { tellEntrant } from './entrant-notice.ts';
import {
  addHistory,
  addHistoryNotes,
  countParticipants,
  dropTransfer,
  findParticipant,
  historyOf,
  idsMatching,
  listParticipants,
  lockEntry,
  onlinePaymentUnderWay,
  transferWaiting,
  updateEntry,
} from './repository.ts';

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
  showInResults: 'name in published results',
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
export const editionOf = (db: Database, filter: ParticipantFilter) =>
  filter.edition ? getEdition(db, filter.edition) : getCurrentEvent(db);

/** How many entries the filtered list holds in all (an export's rows, for the audit trail). */
export async function participantsCount({ database }: AppContext, filter: ParticipantFilter) {
  const event = await editionOf(database.db, filter);
  return countParticipants(database.db, event.id, filter);
}

export async function participantDetail({ database }: AppContext, id: string): Promise<ParticipantDetail> {
  const currentId = await getCurrentEventId(database.db);
  const row = await findParticipant(database.db, null, id);
  if (!row) throw notFound('There is no such entry.');
  const [history, receipts, texts] = await Promise.all([
    historyOf(database.db, id),
    entryReceipts(database.db, id),
    smsOfEntry(database.db, id),
  ]);
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
    showInResults: row.showInResults,
    fees: feesOf(row),
    group: row.group,
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
      ...[
        ...history.map(({ actorId, actorRole, actorEmail, ...entry }) => ({
          ...entry,
          at: entry.at.toISOString(),
          byAccount: actorAccountOf(actorId, actorRole, actorEmail),
        })),
        ...texts.map(textInHistory),
      ].sort((a, b) => b.at.localeCompare(a.at)),
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

type EntryRow = NonNullable<Awaited<ReturnType<typeof findParticipant>>>;
type EventNow = Awaited<ReturnType<typeof getCurrentEvent>>;
/** A change made here: check-in notes its late taps through noteInHistory. */
type HistoryNote = Omit<Parameters<typeof addHistory>[1], 'registrationId' | 'action'> & {
  action: keyof typeof AUDIT_ACTIONS;
};

/** Notes in entries' histories made by another feature (payments, a late check-in tap), in its transaction. */
export const noteInHistory = (
  tx: Transaction,
  notes: Parameters<typeof addHistoryNotes>[1],
  actor: { id: string | null; name: string },
) => addHistoryNotes(tx, notes, actor);
type Change = (tx: Transaction, row: EntryRow, event: EventNow) => Promise<HistoryNote | undefined>;

/**
 * Whose change it is: an admin's (any entry of the event), a company manager's, who may change only
 * the team's own unpaid entries and only until registration closes (then the organisers do), or the
 * entrant's own by the private link (the caller has found the entry by it), within the entrant's rules.
 */
export type ChangedBy = { admin: CurrentUser } | { company: CurrentUser } | { entrant: true };

/** A text about the entry, as its history tells it: what kind, to which number, and what became of it. */
function textInHistory(text: Awaited<ReturnType<typeof smsOfEntry>>[number]): HistoryEntry {
  const outcome = [SMS_STATUS_LABELS[text.status], text.deliveryDetail ?? text.lastError].filter(Boolean);
  return {
    at: text.createdAt.toISOString(),
    by: 'txt.co.zw',
    byAccount: null,
    action: 'text',
    summary: `Text message: ${SMS_KIND_LABELS[text.kind] ?? text.kind} to ${formatPhone(text.to)} — ${outcome.join(': ')}`,
  };
}

/** How the entrant is named in the history: there is no account behind a private link. */
const ENTRANT_ACTOR = { id: null, name: 'the entrant' };

const actorOf = (by: ChangedBy) => ('admin' in by ? by.admin : 'company' in by ? by.company : ENTRANT_ACTOR);

/** The audit trail names accounts; an entrant by the private link has none (who is in its details). */
const auditActorOf = (by: ChangedBy): AuditActor =>
  'admin' in by ? by.admin : 'company' in by ? by.company : null;

const AUDIT_ACTIONS = {
  edited: 'registration.edit',
  payment: 'registration.payment',
  cancelled: 'registration.cancel',
  transferred: 'registration.transfer',
} as const;

/** A change to entries, in the audit trail beside their history notes (in the change's transaction). */
export const auditEntryChange = (
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
 * What the entrant may not change alone: the name, beyond a correction of its spelling (a place changes hands
 * only by a transfer, which the new person agrees to), the T-shirt after the admin's cut-off date (Harare), the race once
 * registration has closed, and a paid or waived entry's race for one with another fee (the organisers settle
 * the money).
 */
function assertEntrantMayChange(
  row: EntryRow,
  event: EventNow,
  change: {
    tshirtSize: string;
    firstName: string;
    lastName: string;
    race: { id: string; feeUsd: string | null; feeZwg: string | null };
  },
) {
  if (change.tshirtSize !== row.tshirtSize && !tshirtChangeable(event)) {
    throw badRequest('Please check the form.', [
      {
        path: 'tshirtSize',
        message: `T-shirt sizes could be changed until ${formatShortDate(event.tshirtChangesUntil ?? '')}`,
      },
    ]);
  }
  const renamed = (['firstName', 'lastName'] as const).filter(
    (part) => !isSpellingCorrection(row[part], change[part]),
  );
  if (renamed.length > 0) {
    throw badRequest(
      'Please check the form.',
      renamed.map((path) => ({ path, message: NAME_NOT_TRANSFERABLE })),
    );
  }
  if (change.race.id === row.raceOptionId) return;
  if (!isRegistrationOpen(event)) {
    throw conflict('Registration has closed: ask the organisers to change your race.');
  }
  const sameFee = change.race.feeUsd === row.feeUsd && zwgFeeOf(change.race, event) === row.feeZwg;
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
export async function changeEntry(context: AppContext, id: string, by: ChangedBy, change: Change) {
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
      refuseLandline(change.mobile, { kept: row.mobile });
      const race = await raceChosen(tx, event.id, row.discipline, change.raceType);
      if (!event.tshirtSizes[row.discipline].includes(change.tshirtSize)) {
        throw badRequest('Please check the form.', [
          { path: 'tshirtSize', message: 'Choose a T-shirt size from the list' },
        ]);
      }
      if ('entrant' in by) assertEntrantMayChange(row, event, { ...change, race });
      refuseNoEmail(change, row, event);
      const raceChanged = race.id !== row.raceOptionId;
      if (raceChanged) await refuseWhilePaying(tx, id);
      // Both races locked, always in the same order: two entries swapping races never wait on each other.
      if (raceChanged) await lockRaces(tx, [race.id, row.raceOptionId]);
      if (raceChanged && !(await raceHasRoom(tx, race))) {
        throw raceFull();
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
      // Taking the email away asks nobody: no new address is reached.
      const emailAsked = addressChanged && !('admin' in by) ? (fields.email ?? null) : null;
      // The entrant's new mobile waits for the code texted to it, while texts can go at all.
      const mobileAsked =
        'entrant' in by && textsOn(event) && fields.mobile !== row.mobile ? fields.mobile : null;
      const next = {
        ...fields,
        ...guardian,
        email: emailAsked ? row.email : (fields.email ?? null),
        mobile: mobileAsked ? row.mobile : fields.mobile,
        gender: fields.gender ?? null,
        listedInSearch: fields.listedInSearch ?? row.listedInSearch,
        showInResults: fields.showInResults ?? row.showInResults,
      };
      const before: Record<string, unknown> = { ...row, raceType: row.raceType };
      const changed = [...Object.keys(next), 'raceType'].filter((key) =>
        key === 'raceType' ? race.label !== row.raceType : before[key] !== next[key as keyof typeof next],
      );
      if (changed.length === 0 && !emailAsked && !mobileAsked) return undefined;
      // A bib is one of its race's numbers: another race's entry gets one of that race's.
      const bibCleared = race.id !== row.raceOptionId && row.bib !== null;
      await updateEntry(tx, id, {
        ...next,
        guardianConsentedAt,
        raceOptionId: race.id,
        // Another race is another fee: quoted again at today's rate (issue 42 §1).
        ...(raceChanged ? zwgQuoteOf(event, race).columns : {}),
        ...(bibCleared ? { bib: null } : {}),
        ...(addressChanged && !emailAsked ? { emailChangedAt: new Date() } : {}),
      });
      if (raceChanged) await context.signals.placeFreed.send(tx, { raceId: row.raceOptionId });
      if (emailAsked) {
        await askEmailChange(tx, {
          entry: row,
          newEmail: emailAsked,
          askedBy: actorOf(by).name,
          eventTitle: event.title,
          links: context.links,
          ...(textsOn(event)
            ? { text: { eventId: event.id, contactPhone: contactPhoneOf(event), entrant: row } }
            : {}),
        });
      }
      if (mobileAsked) {
        await askMobileChange(tx, {
          entry: row,
          newMobile: mobileAsked,
          eventId: event.id,
          eventTitle: event.title,
          secret: context.secret,
        });
      }
      // The address's own change goes by the email-change mails alone.
      if ('entrant' in by && changed.length > 0) {
        const now: Record<string, string> = {
          raceType: `${DISCIPLINE_LABELS[row.discipline]}, ${race.label}`,
          tshirtSize: next.tshirtSize,
          listedInSearch: next.listedInSearch ? 'listed' : 'not listed',
          showInResults: next.showInResults ? 'shown' : 'bib only',
        };
        const entry = { ...row, ...next, raceType: race.label };
        await tellEntrant(
          tx,
          context.links,
          event,
          entry,
          { changed: changed.map((key) => ({ label: FIELD_LABELS[key] ?? key, now: now[key] })) },
          row,
        );
      }
      const notes = [
        ...(changed.length > 0 ? [`Changed ${changed.map((key) => FIELD_LABELS[key]).join(', ')}`] : []),
        ...(bibCleared ? [`bib ${row.bib} cleared (it was the old race's)`] : []),
        ...(emailAsked ? ['new email asked for, waiting for the new address to confirm it'] : []),
        ...(mobileAsked ? ['new mobile asked for, waiting for the code texted to it'] : []),
      ];
      const summary = notes.join('; ');
      return { action: 'edited', summary: summary.charAt(0).toUpperCase() + summary.slice(1) };
    });
    context.mailer.kick();
    context.sms.kick();
  } catch (error) {
    if (uniqueViolation(error) === 'registrations_same_person') {
      throw conflict('Another active entry already has this name and email in this discipline.');
    }
    throw error;
  }
}

/** The same mailbox: addresses differ only by the case of their letters. */
const sameAddress = (one: string | undefined, other: string | null) =>
  (one ?? '').toLowerCase() === (other ?? '').toLowerCase();

/**
 * An entry may be left without email only where it is told by SMS alone: while texts go (issue 40), or where
 * it had none already (the texts turned off since, as the admin confirmed). Choosing mail needs an address.
 */
function refuseNoEmail(
  change: ParticipantEditData,
  row: { email: string | null; notifyBy: NotifyBy },
  event: EventRow,
) {
  if (change.email !== undefined) return;
  if ((change.notifyBy ?? row.notifyBy) === 'sms' && (textsOn(event) || row.email === null)) return;
  throw badRequest('Please check the form.', [{ path: 'email', message: EMAIL_MISSING }]);
}

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

/**
 * The new mobile confirmed by the code texted to it, entered on /My: the entry's mobile changes now (the
 * entrant's change, noted and audited as his others), the old number is texted that it was changed, and the
 * entry's address is mailed as for any change on /My.
 */
export async function confirmMobileChange(context: AppContext, id: string, code: string) {
  const digest = await checkMobileCode(context.database.db, context.secret, id, code);
  await changeEntry(context, id, { entrant: true }, async (tx, row, event) => {
    const change = await takeConfirmedMobile(tx, id, digest);
    if (row.status === 'cancelled') throw conflict('This entry was cancelled: its mobile no longer changes.');
    await updateEntry(tx, id, { mobile: change.newMobile });
    const contactPhone = contactPhoneOf(event);
    await textOldMobile(
      tx,
      { registrationId: id, reference: row.reference, mobile: row.mobile },
      {
        ...event,
        contactPhone,
      },
    );
    await tellEntrant(
      tx,
      context.links,
      event,
      row,
      { changed: [{ label: FIELD_LABELS.mobile ?? 'mobile' }] },
      null,
    );
    return { action: 'edited', summary: 'Changed mobile (confirmed by the code texted to the new number)' };
  });
  context.mailer.kick();
  context.sms.kick();
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
    throw conflict(
      'A payment of this entry is under way: the race can change once it has gone through or failed (a few minutes at most).',
      PAYMENT_UNDER_WAY,
    );
  }
}

/** The code of the answer to a cancellation while a link giving the place to someone is waiting. */
export const TRANSFER_WAITING = 'TRANSFER_WAITING';

/**
 * No member of a group is cancelled (or leaves it) while a payment of the group's total is under way: its amount
 * counted him. The entry is locked first, as a group payment starting locks every member.
 */
export async function refuseWhileGroupPaying(tx: Transaction, id: string) {
  await lockEntry(tx, id);
  if (await onlinePaymentUnderWay(tx, id, { groupOnly: true })) {
    throw conflict(
      'A payment for this entry’s group is under way: try again once it has gone through or failed (a few minutes at most).',
      PAYMENT_UNDER_WAY,
    );
  }
}

/**
 * Takes an entry out of the group form it was registered with: it then pays alone (the group reference no
 * longer pays for it). Not while a payment of the group's total is under way.
 */
export async function leaveGroup(context: AppContext, id: string, by: ChangedBy) {
  await changeEntry(context, id, by, async (tx, row) => {
    if (row.group === null) return undefined;
    await refuseWhileGroupPaying(tx, id);
    await updateEntry(tx, id, { groupId: null });
    return { action: 'edited', summary: `Left the group ${row.group}: pays alone` };
  });
}

/** Cancels an entry: its place is free again (offered to the race's waitlist at once), its history kept. */
export async function cancelEntry(context: AppContext, id: string, by: ChangedBy) {
  await changeEntry(context, id, by, async (tx, row, event) => {
    if (row.status === 'cancelled') return undefined;
    await refuseWhileGroupPaying(tx, id);
    // An organiser's cancellation ends the link too; the entrant or his team withdraws it first.
    if ('admin' in by) await dropTransfer(tx, id);
    else if (await transferWaiting(tx, id)) {
      throw conflict(
        'This place is being given to someone: withdraw the link you sent before cancelling the entry.',
        TRANSFER_WAITING,
      );
    }
    await updateEntry(tx, id, { status: 'cancelled' });
    await context.signals.placeFreed.send(tx, { raceId: row.raceOptionId });
    if ('entrant' in by) await tellEntrant(tx, context.links, event, row, { cancelled: true }, row);
    return { action: 'cancelled', summary: 'Entry cancelled; its place is free again' };
  });
  context.mailer.kick();
}
