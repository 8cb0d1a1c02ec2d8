import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/problem.ts';
import { reachOfMobile } from '../erasure/service.ts';
import { giftsHeldFor } from '../gifts/service.ts';
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

const byEntry = <Row extends { entryId: string | null }>(rows: Row[], entryId: string) =>
  rows.filter((row) => row.entryId === entryId).map(({ entryId: _entryId, ...row }) => row);

/** Where a download starts, and the records it reaches. */
interface Found {
  about: { kind: SubjectKind | 'mobile'; reference: string };
  entryIds: string[];
  waitlistIds: string[];
  manIds: string[];
  facilitatorIds: string[];
  accountIds: string[];
  /** Proven addresses: every record under them is followed. */
  emails: string[];
  /** Other subjects of erasure requests about this person (a proven number). */
  requestSubjects: string[];
  /** A proven mobile: the gifts given under it are his too. */
  mobiles: string[];
}

/**
 * Everything held about one person: the record asked about and what it proves his, in every edition. An
 * entry proves only itself (its email was typed, never proven: another entry with it may be someone else's);
 * an account, and a programme record through its account, reach the records linked to it and, once its email
 * is verified, every record under that address. A mobile number is followed only once proven by a code texted
 * to it (personalDataOfMobile). Never a password, a session, a private link or a file's contents: how many
 * links, which files.
 */
export async function personalData(db: Database, kind: SubjectKind, id: string) {
  const seed = await findSeed(db, kind, id);
  if (!seed) throw notFound('There is no such record.');
  const accountIds = seed.userId ? [seed.userId] : [];
  return gather(db, {
    about: { kind, reference: seed.label ?? id },
    entryIds: kind === 'registration' ? [id] : [],
    waitlistIds: [],
    manIds: kind === 'man' ? [id] : [],
    facilitatorIds: kind === 'facilitator' ? [id] : [],
    accountIds,
    emails: lower(await verifiedEmailsOf(db, accountIds)),
    requestSubjects: [],
    mobiles: [],
  });
}

/**
 * Everything held under a mobile number its holder proved (a code texted to it): the entries, waitlist places
 * and programme records whose own mobile it is (reachOfMobile, the same rule as an erasure by mobile). No
 * email is followed from them: an address on a form or a record proves nothing.
 */
export async function personalDataOfMobile(db: Database, mobile: string) {
  const reach = await reachOfMobile(db, mobile);
  return gather(db, {
    about: { kind: 'mobile', reference: mobile },
    entryIds: reach.registrationIds,
    waitlistIds: reach.waitlistIds,
    manIds: reach.menIds,
    facilitatorIds: reach.facilitatorIds,
    accountIds: [],
    emails: [],
    requestSubjects: [mobile],
    mobiles: [mobile],
  });
}

async function gather(db: Database, found: Found) {
  const { emails, accountIds } = found;
  const [accounts, entries, waitlist, manRows, facilitatorRows, mails] = await Promise.all([
    accountsMatching(db, accountIds, []),
    entriesMatching(db, found.entryIds, emails),
    waitlistMatching(db, found.waitlistIds, emails),
    menMatching(db, found.manIds, accountIds, emails),
    facilitatorsMatching(db, found.facilitatorIds, accountIds, emails),
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
  const gifts = await giftsHeldFor(db, { registrationIds: entryIds, emails, mobiles: found.mobiles });
  const [attendance, sessionRegistrations, submissions, checklistTicks, cellGroups, erasureRequests] =
    await Promise.all([
      attendanceOf(db, manIds),
      sessionRegistrationsOf(db, manIds),
      submissionsOf(db, manIds),
      checklistTicksOf(db, manIds),
      cellGroupsOf(db, manIds),
      erasureRequestsAbout(db, [
        ...found.requestSubjects,
        ...entryIds,
        ...manIds,
        ...facilitatorRows.map((row) => row.id),
        ...accounts.map((account) => account.id),
      ]),
    ]);

  return {
    generatedAt: new Date().toISOString(),
    about: found.about,
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
    /** Gifts to the cause (issue 43) given with these entries or under a proven address or mobile. */
    gifts,
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
