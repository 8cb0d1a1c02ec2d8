import type * as z from 'zod/mini';
import type {
  EraseInputSchema,
  ErasureCounts,
  ErasureRecord,
  ErasureRequest,
  MyErasureRequest,
  RequestSubjectType,
} from '../../../shared/privacy/erasure.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound, Problem } from '../../http/problem.ts';
import { recordAudit } from '../audit-log/service.ts';
import { anonymiseGiversOf, giftToErase } from '../gifts/service.ts';
import { entryOfLink } from '../my-registration/service.ts';
import { forgetCredits } from '../payments/service.ts';
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
  recordsOf,
  recordsOfMobile,
} from './repository.ts';

export interface Admin {
  id: string;
  name: string;
}

type Subject = { subjectType: RequestSubjectType; subjectId: string };

/** How a mobile number is named where it must not be written out (requests, the audit trail). */
export const mobileLabel = (mobile: string) => `Mobile ending ${mobile.slice(-3)}`;

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
  gifts: 0,
  mails: 0,
});

/**
 * What an erasure reaches: only records proven the person's. An entry or waitlist place reaches itself (its
 * email was typed, never proven: another entry with the same email may be someone else's). An account reaches
 * itself, the programme records linked to it and, once its email is verified, every record under that address
 * (the verification mail proved it). A man or a facilitator reaches his record. A mobile number is followed
 * only once proven by a code texted to it (see recordsOfMobile). The admin confirming a request sees this list before anything is erased.
 */
export interface Reach {
  label: string;
  registrationIds: string[];
  waitlistIds: string[];
  menIds: string[];
  facilitatorIds: string[];
  accountId: string | null;
  /** Signed out everywhere (the accounts of the men and facilitators erased). */
  sessionsOf: string[];
  /** Mail to these addresses is deleted (an entry's mail goes only when no other entry needs it). */
  mailsTo: string[];
  /**
   * Gifts whose giver is emptied: these, those given with the entries reached, and those under a proven
   * address or mobile (issue 43: a giver is treated as an entrant).
   */
  giftIds: string[];
  giverEmails: string[];
  giverMobiles: string[];
}

const reachOf = async (db: Database, admin: Admin | null, { subjectType, subjectId }: Subject) => {
  const reach: Reach = {
    label: '',
    registrationIds: [],
    waitlistIds: [],
    menIds: [],
    facilitatorIds: [],
    accountId: null,
    sessionsOf: [],
    mailsTo: [],
    giftIds: [],
    giverEmails: [],
    giverMobiles: [],
  };
  switch (subjectType) {
    case 'registration': {
      const entry = await findRegistration(db, subjectId);
      if (!entry) throw notFound(NO_SUCH_PERSON);
      return { ...reach, label: entry.reference, registrationIds: [entry.id] };
    }
    case 'waitlist': {
      const entry = await findWaitlistEntry(db, subjectId);
      if (!entry) throw notFound(NO_SUCH_PERSON);
      return { ...reach, label: entry.reference, waitlistIds: [entry.id] };
    }
    case 'man':
    case 'facilitator': {
      const person = await findPerson(db, subjectType, subjectId);
      if (!person) throw notFound(NO_SUCH_PERSON);
      return {
        ...reach,
        label: `${LABEL_OF[subjectType]} ${shortId(person.id)}`,
        [subjectType === 'man' ? 'menIds' : 'facilitatorIds']: [person.id],
        sessionsOf: person.userId ? [person.userId] : [],
        mailsTo: [person.email],
      };
    }
    case 'account': {
      if (admin && subjectId === admin.id) throw badRequest('You cannot erase your own account.');
      const account = await findAccount(db, subjectId);
      if (!account) throw notFound(NO_SUCH_PERSON);
      const proven = account.emailVerified ? account.email : '';
      const records = await programmeRecordsOf(db, account.id, proven);
      const byEmail = await entriesOf(db, proven);
      return {
        ...reach,
        label: `${LABEL_OF.account} ${shortId(account.id)}`,
        ...records,
        ...byEmail,
        accountId: account.id,
        mailsTo: [account.email],
        giverEmails: proven ? [proven] : [],
      };
    }
    case 'mobile': {
      const { emails, accountIds, ...records } = await recordsOfMobile(db, subjectId);
      return {
        ...reach,
        label: mobileLabel(subjectId),
        ...records,
        sessionsOf: accountIds,
        mailsTo: emails,
        giverMobiles: [subjectId],
      };
    }
    case 'gift': {
      const gift = await giftToErase(db, subjectId);
      if (!gift) throw notFound(NO_SUCH_PERSON);
      return { ...reach, label: gift.reference, giftIds: [gift.id] };
    }
  }
};

/** The records a proven mobile number reaches (see recordsOfMobile). */
export async function reachOfMobile(db: Database, mobile: string) {
  const { registrationIds, waitlistIds, menIds, facilitatorIds } = await recordsOfMobile(db, mobile);
  return { registrationIds, waitlistIds, menIds, facilitatorIds };
}

/**
 * Erases one person's records (see Reach), in one transaction with its record: entries and waitlist places
 * are anonymised, programme records deleted with their uploads, the account deleted and sessions ended.
 * Payment amounts stay (the ledger). The uploads' files are removed once the transaction has committed.
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
    const reach = await reachOf(tx, admin, subject);
    const counts = noCounts();
    const anonymised = await anonymiseEntries(tx, reach, now);
    // Refunds and credits stay as payments do; a credit can no longer be found by the person.
    await forgetCredits(tx, reach.registrationIds);
    counts.entries = anonymised.entries;
    counts.waitlist = anonymised.waitlist;
    counts.gifts = await anonymiseGiversOf(
      tx,
      {
        giftIds: reach.giftIds,
        registrationIds: reach.registrationIds,
        emails: reach.giverEmails,
        mobiles: reach.giverMobiles,
      },
      now,
    );
    const gone = await deleteMen(tx, reach.menIds);
    storageKeys = gone.storageKeys;
    counts.men = gone.men;
    counts.facilitators = await deleteFacilitators(tx, reach.facilitatorIds);
    for (const account of reach.sessionsOf) await endSessions(tx, account);
    if (reach.accountId) counts.accounts = await deleteAccount(tx, reach.accountId);
    counts.mails = anonymised.mails + (await deleteMailsTo(tx, reach.mailsTo));
    counts.files = storageKeys.length;
    const { label } = reach;
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

/** The requests waiting, each with every record its erasure would touch (none when they are gone already). */
export async function pendingRequests(context: AppContext): Promise<ErasureRequest[]> {
  const { db } = context.database;
  const rows = await listPendingRequests(db);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      subjectType: row.subjectType,
      subjectLabel: row.subjectLabel,
      reason: row.reason,
      source: row.source,
      status: row.status,
      requestedAt: row.requestedAt.toISOString(),
      records: await recordsReached(db, row),
    })),
  );
}

async function recordsReached(db: Database, subject: Subject): Promise<ErasureRecord[]> {
  const reach = await reachOf(db, null, subject).catch((error: unknown) => {
    if (error instanceof Problem && error.status === 404) return undefined;
    throw error;
  });
  if (!reach) return [];
  const found = await recordsOf(db, reach);
  return [
    ...found.entries.map((row) => ({
      kind: 'registration' as const,
      reference: row.reference,
      name: `${row.firstName} ${row.lastName}`.trim(),
      emailChangedAt: row.emailChangedAt?.toISOString() ?? null,
    })),
    ...found.waitlist.map((row) => ({
      kind: 'waitlist' as const,
      reference: row.reference,
      name: `${row.firstName} ${row.lastName}`.trim(),
      emailChangedAt: null,
    })),
    ...found.people.map((row) => ({
      kind: row.kind,
      reference: `${LABEL_OF[row.kind]} ${shortId(row.id)}`,
      name: `${row.firstName} ${row.lastName}`.trim(),
      emailChangedAt: null,
    })),
    ...found.accounts.map((row) => ({
      kind: 'account' as const,
      reference: `${LABEL_OF.account} ${shortId(row.id)}`,
      name: row.name,
      emailChangedAt: null,
    })),
  ];
}

export async function pendingRequestCount(context: AppContext) {
  return countPendingRequests(context.database.db);
}

/** Records a person's own request once; asking again while it waits changes nothing. */
async function ask(
  db: Database,
  subject: Subject & { subjectLabel: string },
  source: 'entrant' | 'participant' | 'mobile',
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

/** The request of someone who proved a mobile number: about every record under it (an admin confirms it). */
export async function askForMobile(db: Database, mobile: string, reason?: string) {
  const subject = { subjectType: 'mobile' as const, subjectId: mobile, subjectLabel: mobileLabel(mobile) };
  return ask(db, subject, 'mobile', reason);
}
