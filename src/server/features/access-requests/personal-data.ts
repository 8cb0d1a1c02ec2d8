import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/problem.ts';
import {
  accountChangesOf,
  accountsMatching,
  attendanceOf,
  cellGroupsOf,
  checkInsOf,
  checklistTicksOf,
  entriesMatching,
  erasureRequestsAbout,
  facilitatorsMatching,
  findSeed,
  historyOf,
  mailsTo,
  menMatching,
  onlinePaymentsOf,
  privateLinkCounts,
  receiptsOf,
  remindersOf,
  sessionRegistrationsOf,
  submissionsOf,
  textsOf,
  verifiedEmailsOf,
  waitlistMatching,
} from './repository.ts';

export const SUBJECT_KINDS = ['registration', 'man', 'facilitator', 'account'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

const lower = (emails: (string | null | undefined)[]) => [
  ...new Set(emails.flatMap((email) => (email ? [email.trim().toLowerCase()] : []))),
];

const byEntry = <Row extends { entryId: string }>(rows: Row[], entryId: string) =>
  rows.filter((row) => row.entryId === entryId).map(({ entryId: _entryId, ...row }) => row);

/**
 * Everything held about one person: the record asked about and what it proves his, in every edition. An
 * entry proves only itself (its email was typed, never proven: another entry with it may be someone else's);
 * an account, and a programme record through its account, reach the records linked to it and, once its email
 * is verified, every record under that address. A mobile number is never followed. Never a password, a
 * session, a private link or a file's contents: how many links, which files.
 */
export async function personalData(db: Database, kind: SubjectKind, id: string) {
  const seed = await findSeed(db, kind, id);
  if (!seed) throw notFound('There is no such record.');
  const seedIds = kind === 'account' ? [] : [id];
  const accountIds = seed.userId ? [seed.userId] : [];
  const emails = lower(await verifiedEmailsOf(db, accountIds));

  const [accounts, entries, waitlist, manRows, facilitatorRows, mails] = await Promise.all([
    accountsMatching(db, accountIds, []),
    entriesMatching(db, kind === 'registration' ? seedIds : [], emails),
    waitlistMatching(db, emails),
    menMatching(db, kind === 'man' ? seedIds : [], accountIds, emails),
    facilitatorsMatching(db, kind === 'facilitator' ? seedIds : [], accountIds, emails),
    mailsTo(db, emails),
  ]);
  const entryIds = entries.map((entry) => entry.id);
  const manIds = manRows.map((man) => man.id);
  const [history, receipts, online, reminders, checkIns, links, changes, texts] = await Promise.all([
    historyOf(db, entryIds),
    receiptsOf(db, entryIds),
    onlinePaymentsOf(db, entryIds),
    remindersOf(db, entryIds),
    checkInsOf(db, entryIds),
    privateLinkCounts(db, entryIds),
    accountChangesOf(
      db,
      accounts.map((account) => account.id),
    ),
    textsOf(db, entryIds),
  ]);
  const [attendance, sessionRegistrations, submissions, checklistTicks, cellGroups, erasureRequests] =
    await Promise.all([
      attendanceOf(db, manIds),
      sessionRegistrationsOf(db, manIds),
      submissionsOf(db, manIds),
      checklistTicksOf(db, manIds),
      cellGroupsOf(db, manIds),
      erasureRequestsAbout(db, [
        ...entryIds,
        ...manIds,
        ...facilitatorRows.map((row) => row.id),
        ...accounts.map((account) => account.id),
      ]),
    ]);

  return {
    generatedAt: new Date().toISOString(),
    about: { kind, reference: seed.label ?? id },
    emails,
    entries: entries.map(({ id: entryId, ...entry }) => ({
      ...entry,
      privateLinks: Number(links.find((row) => row.entryId === entryId)?.links ?? 0),
      history: byEntry(history, entryId),
      receipts: byEntry(receipts, entryId),
      onlinePayments: byEntry(online, entryId),
      paymentReminders: byEntry(reminders, entryId),
      checkIn: byEntry(checkIns, entryId),
      textMessages: byEntry(texts, entryId),
    })),
    waitlist,
    programme: {
      men: manRows,
      facilitators: facilitatorRows,
      cellGroups: cellGroups.map((row) => row.group),
      sessionRegistrations,
      attendance,
      submissions,
      checklistTicks,
    },
    accounts: accounts.map((account) => ({
      ...account,
      changes: changes
        .filter((change) => change.accountId === account.id)
        .map(({ accountId: _accountId, ...change }) => change),
    })),
    erasureRequests,
    mails,
  };
}

export type PersonalData = Awaited<ReturnType<typeof personalData>>;
