import type * as z from 'zod/mini';
import type {
  EraseInputSchema,
  ErasureCounts,
  ErasureRequest,
  ErasureSubjectType,
  MyErasureRequest,
} from '../../../shared/privacy/erasure.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { recordAudit } from '../audit-log/service.ts';
import { entryOfLink } from '../my-registration/service.ts';
import { anonymiseEntries, deleteMen, removeStoredFiles } from '../retention/service.ts';
import {
  countPendingRequests,
  decideRequests,
  deleteAccount,
  deleteFacilitators,
  deleteMailsTo,
  type ErasureRequestRow,
  endSessions,
  entriesOf,
  findAccount,
  findPerson,
  findRegistration,
  findRequest,
  findWaitlistEntry,
  insertRequest,
  listPendingRequests,
  pendingRequestFor,
  programmeRecordsOf,
} from './repository.ts';

export interface Admin {
  id: string;
  name: string;
}

type Subject = { subjectType: ErasureSubjectType; subjectId: string };

const NO_SUCH_PERSON = 'There is no such person: he may have been erased already.';
const shortId = (id: string) => id.replace(/-/g, '').slice(0, 8);
const LABEL_OF = { man: 'Man', facilitator: 'Facilitator', account: 'Account' } as const;

const noCounts = (): ErasureCounts => ({
  entries: 0,
  waitlist: 0,
  men: 0,
  facilitators: 0,
  accounts: 0,
  files: 0,
  mails: 0,
});

/**
 * Erases one person everywhere he appears, in one transaction with its record: an entry (or waitlist row)
 * anonymises every entry and waitlist row with its email in any event and deletes the mails to it; a man or
 * facilitator is deleted with his records and uploads, his account's sessions ended; an account is deleted
 * with its programme records, and the entries under its email are anonymised. Payment amounts stay (the
 * ledger). The uploads' files are removed once the transaction has committed.
 */
async function erase(
  context: AppContext,
  admin: Admin,
  subject: Subject,
  reason: string,
  now: Date,
  /** Confirming a person's request: it is marked done, and no other record is made. */
  requestId?: string,
): Promise<ErasureCounts> {
  const { db } = context.database;
  let storageKeys: string[] = [];
  const counts = await db.transaction(async (tx) => {
    // Two admins confirming the same request at once: the second waits here, then finds it decided.
    if (requestId) await pendingRequest(tx, requestId);
    const counts = noCounts();
    const { label, emails } = await eraseSubject(tx, admin, subject, counts, now, (keys) => {
      storageKeys = storageKeys.concat(keys);
    });
    counts.mails += await deleteMailsTo(tx, emails);
    counts.files = storageKeys.length;
    await decideRequests(tx, subject, {
      status: 'done',
      decidedAt: now,
      decidedBy: admin.id,
      decidedByName: admin.name,
      subjectLabel: label,
    });
    if (!requestId) {
      await insertRequest(tx, {
        ...subject,
        subjectLabel: label,
        reason,
        source: 'admin',
        status: 'done',
        requestedAt: now,
        decidedAt: now,
        decidedBy: admin.id,
        decidedByName: admin.name,
      });
    }
    await recordAudit(tx, admin, {
      action: 'erasure',
      subject: label,
      rowCount: counts.entries + counts.waitlist + counts.men + counts.facilitators + counts.accounts,
      details: { reason, counts: { ...counts } },
    });
    return counts;
  });
  await removeStoredFiles(context, storageKeys);
  return counts;
}

async function eraseSubject(
  tx: Database,
  admin: Admin,
  { subjectType, subjectId }: Subject,
  counts: ErasureCounts,
  now: Date,
  filesToRemove: (keys: string[]) => void,
): Promise<{ label: string; emails: string[] }> {
  const anonymiseAllOf = async (
    email: string,
    named: { registrationIds?: string[]; waitlistIds?: string[] },
  ) => {
    const byEmail = await entriesOf(tx, email);
    const done = await anonymiseEntries(
      tx,
      {
        registrationIds: [...byEmail.registrationIds, ...(named.registrationIds ?? [])],
        waitlistIds: [...byEmail.waitlistIds, ...(named.waitlistIds ?? [])],
      },
      now,
    );
    counts.entries += done.entries;
    counts.waitlist += done.waitlist;
    counts.mails += done.mails;
  };
  const deleteProgrammeRecords = async (menIds: string[], facilitatorIds: string[]) => {
    const gone = await deleteMen(tx, menIds);
    filesToRemove(gone.storageKeys);
    counts.men += gone.men;
    counts.facilitators += await deleteFacilitators(tx, facilitatorIds);
  };

  switch (subjectType) {
    case 'registration': {
      const entry = await findRegistration(tx, subjectId);
      if (!entry) throw notFound(NO_SUCH_PERSON);
      await anonymiseAllOf(entry.email, { registrationIds: [entry.id] });
      return { label: entry.reference, emails: [entry.email] };
    }
    case 'waitlist': {
      const entry = await findWaitlistEntry(tx, subjectId);
      if (!entry) throw notFound(NO_SUCH_PERSON);
      await anonymiseAllOf(entry.email, { waitlistIds: [entry.id] });
      return { label: entry.reference, emails: [entry.email] };
    }
    case 'man':
    case 'facilitator': {
      const person = await findPerson(tx, subjectType, subjectId);
      if (!person) throw notFound(NO_SUCH_PERSON);
      await deleteProgrammeRecords(
        subjectType === 'man' ? [person.id] : [],
        subjectType === 'man' ? [] : [person.id],
      );
      if (person.userId) await endSessions(tx, person.userId);
      return { label: `${LABEL_OF[subjectType]} ${shortId(person.id)}`, emails: [person.email] };
    }
    case 'account': {
      if (subjectId === admin.id) throw badRequest('You cannot erase your own account.');
      const account = await findAccount(tx, subjectId);
      if (!account) throw notFound(NO_SUCH_PERSON);
      const records = await programmeRecordsOf(tx, account);
      await deleteProgrammeRecords(records.menIds, records.facilitatorIds);
      await anonymiseAllOf(account.email, {});
      counts.accounts += await deleteAccount(tx, account);
      return { label: `${LABEL_OF.account} ${shortId(account.id)}`, emails: [account.email] };
    }
  }
}

/** An admin's "Erase this person". */
export async function erasePerson(
  context: AppContext,
  admin: Admin,
  input: z.output<typeof EraseInputSchema>,
  now = new Date(),
) {
  return erase(context, admin, input, input.reason, now);
}

/** An admin confirms a person's request: the same erasure, the request marked done. */
export async function confirmRequest(context: AppContext, admin: Admin, id: string, now = new Date()) {
  const request = await pendingRequest(context.database.db, id);
  const reason = request.reason || `Asked by the ${request.source}`;
  return erase(
    context,
    admin,
    { subjectType: request.subjectType, subjectId: request.subjectId },
    reason,
    now,
    request.id,
  );
}

/** An admin declines a person's request; nothing is erased. */
export async function declineRequest(context: AppContext, admin: Admin, id: string, now = new Date()) {
  const { db } = context.database;
  await db.transaction(async (tx) => {
    const request = await pendingRequest(tx, id);
    await decideRequests(tx, request, {
      status: 'declined',
      decidedAt: now,
      decidedBy: admin.id,
      decidedByName: admin.name,
    });
    await recordAudit(tx, admin, { action: 'erasure.declined', subject: request.subjectLabel });
  });
}

async function pendingRequest(db: Database, id: string): Promise<ErasureRequestRow> {
  const request = /^[0-9a-f-]{36}$/i.test(id) ? await findRequest(db, id) : undefined;
  if (!request) throw notFound('There is no such request.');
  if (request.status !== 'pending') throw conflict('This request has already been decided.');
  return request;
}

export async function pendingRequests(context: AppContext): Promise<ErasureRequest[]> {
  const rows = await listPendingRequests(context.database.db);
  return rows.map((row) => ({
    id: row.id,
    subjectType: row.subjectType,
    subjectLabel: row.subjectLabel,
    reason: row.reason,
    source: row.source,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
  }));
}

export async function pendingRequestCount(context: AppContext) {
  return countPendingRequests(context.database.db);
}

/** Records a person's own request once; asking again while it waits changes nothing. */
async function ask(
  db: Database,
  subject: Subject & { subjectLabel: string },
  source: 'entrant' | 'participant',
  reason: string | undefined,
): Promise<MyErasureRequest> {
  const waiting =
    (await pendingRequestFor(db, subject.subjectType, subject.subjectId)) ??
    (await insertRequest(db, { ...subject, reason: reason ?? '', source }));
  return { requestedAt: waiting.requestedAt.toISOString() };
}

/** The entrant's request, from the private link's page. */
export async function askForEntry(context: AppContext, token: string, reason?: string) {
  const { db } = context.database;
  const { id } = await entryOfLink(context, token);
  const entry = await findRegistration(db, id);
  if (!entry) throw notFound(NO_SUCH_PERSON);
  const subject = {
    subjectType: 'registration' as const,
    subjectId: entry.id,
    subjectLabel: entry.reference,
  };
  return ask(db, subject, 'entrant', reason);
}

export async function entryRequest(context: AppContext, token: string): Promise<MyErasureRequest> {
  const entry = await entryOfLink(context, token);
  const waiting = await pendingRequestFor(context.database.db, 'registration', entry.id);
  return { requestedAt: waiting?.requestedAt.toISOString() ?? null };
}

const accountSubject = (accountId: string) => ({
  subjectType: 'account' as const,
  subjectId: accountId,
  subjectLabel: `${LABEL_OF.account} ${shortId(accountId)}`,
});

/** A programme participant's (or facilitator's) request, from /Profile: about his account and all it holds. */
export async function askForAccount(context: AppContext, accountId: string, reason?: string) {
  return ask(context.database.db, accountSubject(accountId), 'participant', reason);
}

export async function accountRequest(context: AppContext, accountId: string): Promise<MyErasureRequest> {
  const waiting = await pendingRequestFor(context.database.db, 'account', accountId);
  return { requestedAt: waiting?.requestedAt.toISOString() ?? null };
}
