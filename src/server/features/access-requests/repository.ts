import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  accountChanges,
  assignments,
  attendance,
  cellGroupMembers,
  cellGroups,
  checkInActions,
  checklistItems,
  checklistTicks,
  entryLinks,
  erasureRequests,
  events,
  facilitators,
  mailOutbox,
  men,
  onlinePayments,
  paymentReminders,
  raceOptions,
  receipts,
  registrationHistory,
  registrations,
  sessionRegistrations,
  smsOutbox,
  submissions,
  user,
  waitlistEntries,
  workoutSessions,
} from '../../db/schema/index.ts';
import { entrantFields } from '../registrations/queries.ts';

/** `column` is one of `values` (false for none, which `in ()` cannot say). */
const among = (column: AnyPgColumn, values: string[]): SQL =>
  values.length === 0 ? sql`false` : inArray(column, values);
const emailAmong = (column: AnyPgColumn, emails: string[]): SQL =>
  emails.length === 0 ? sql`false` : inArray(sql`lower(${column})`, emails);

/** Where a request starts: the record an admin opened, with its email and account. */
export async function findSeed(
  db: Database,
  kind: 'registration' | 'man' | 'facilitator' | 'account',
  id: string,
) {
  if (kind === 'registration') {
    const [row] = await db
      .select({ email: registrations.email, reference: registrations.reference })
      .from(registrations)
      .where(eq(registrations.id, id));
    return row ? { email: row.email, userId: null, label: row.reference } : undefined;
  }
  if (kind === 'account') {
    const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, id));
    return row ? { email: row.email, userId: id, label: null } : undefined;
  }
  const table = kind === 'man' ? men : facilitators;
  const [row] = await db
    .select({ email: table.email, userId: table.userId })
    .from(table)
    .where(eq(table.id, id));
  return row ? { email: row.email, userId: row.userId, label: null } : undefined;
}

/** The emails of these accounts that their owners proved (verified): the only addresses a request follows. */
export async function verifiedEmailsOf(db: Database, accountIds: string[]) {
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(and(among(user.id, accountIds), eq(user.emailVerified, true)));
  return rows.map((row) => row.email);
}

/** The accounts that are these ids or use these emails. */
export const accountsMatching = (db: Database, ids: string[], emails: string[]) =>
  db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      banned: user.banned,
      privacyVersion: user.privacyVersion,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(or(among(user.id, ids), emailAmong(user.email, emails)));

export const accountChangesOf = (db: Database, accountIds: string[]) =>
  db
    .select({
      accountId: accountChanges.accountId,
      what: accountChanges.what,
      from: accountChanges.from,
      to: accountChanges.to,
      at: accountChanges.at,
      by: accountChanges.changedByName,
    })
    .from(accountChanges)
    .where(among(accountChanges.accountId, accountIds))
    .orderBy(asc(accountChanges.at));

/** Entries in every edition: this one and any with these emails. */
export const entriesMatching = (db: Database, ids: string[], emails: string[]) =>
  db
    .select({
      id: registrations.id,
      event: events.title,
      year: events.year,
      reference: registrations.reference,
      discipline: registrations.discipline,
      race: raceOptions.label,
      ...entrantFields(registrations),
      guardianConsentedAt: registrations.guardianConsentedAt,
      termsVersion: registrations.termsVersion,
      privacyVersion: registrations.privacyVersion,
      consentedAt: registrations.consentedAt,
      listedInSearch: registrations.listedInSearch,
      status: registrations.status,
      paymentStatus: registrations.paymentStatus,
      paymentMethod: registrations.paymentMethod,
      paymentAmount: registrations.paymentAmount,
      paymentCurrency: registrations.paymentCurrency,
      payerReference: registrations.payerReference,
      paidOn: registrations.paidOn,
      waiverReason: registrations.waiverReason,
      bib: registrations.bib,
      checkedInAt: registrations.checkedInAt,
      tshirtCollectedAt: registrations.tshirtCollectedAt,
      anonymisedAt: registrations.anonymisedAt,
      createdAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(or(among(registrations.id, ids), emailAmong(registrations.email, emails)))
    .orderBy(asc(registrations.createdAt));

export const historyOf = (db: Database, entryIds: string[]) =>
  db
    .select({
      entryId: registrationHistory.registrationId,
      action: registrationHistory.action,
      summary: registrationHistory.summary,
      by: registrationHistory.actorName,
      at: registrationHistory.at,
    })
    .from(registrationHistory)
    .where(among(registrationHistory.registrationId, entryIds))
    .orderBy(asc(registrationHistory.at), asc(registrationHistory.id));

export const receiptsOf = (db: Database, entryIds: string[]) =>
  db
    .select({
      entryId: receipts.registrationId,
      number: receipts.number,
      amount: receipts.amount,
      currency: receipts.currency,
      method: receipts.method,
      paidOn: receipts.paidOn,
      issuedAt: receipts.issuedAt,
    })
    .from(receipts)
    .where(among(receipts.registrationId, entryIds))
    .orderBy(asc(receipts.issuedAt));

export const onlinePaymentsOf = (db: Database, entryIds: string[]) =>
  db
    .select({
      entryId: onlinePayments.registrationId,
      method: onlinePayments.method,
      phone: onlinePayments.phone,
      amount: onlinePayments.amount,
      currency: onlinePayments.currency,
      status: onlinePayments.status,
      paynowReference: onlinePayments.paynowReference,
      createdAt: onlinePayments.createdAt,
      paidAt: onlinePayments.paidAt,
    })
    .from(onlinePayments)
    .where(among(onlinePayments.registrationId, entryIds))
    .orderBy(asc(onlinePayments.createdAt));

export const remindersOf = (db: Database, entryIds: string[]) =>
  db
    .select({
      entryId: paymentReminders.registrationId,
      kind: paymentReminders.kind,
      sentAt: paymentReminders.sentAt,
    })
    .from(paymentReminders)
    .where(among(paymentReminders.registrationId, entryIds))
    .orderBy(asc(paymentReminders.sentAt));

/** The texts about these entries: to which number, what kind, what became of them (never their words). */
export const textsOf = (db: Database, entryIds: string[]) =>
  db
    .select({
      entryId: sql<string>`${smsOutbox.registrationId}`,
      kind: smsOutbox.kind,
      to: smsOutbox.to,
      status: smsOutbox.status,
      createdAt: smsOutbox.createdAt,
      sentAt: smsOutbox.sentAt,
    })
    .from(smsOutbox)
    .where(among(smsOutbox.registrationId, entryIds))
    .orderBy(asc(smsOutbox.createdAt));

export const checkInsOf = (db: Database, entryIds: string[]) =>
  db
    .select({
      entryId: checkInActions.registrationId,
      action: checkInActions.action,
      outcome: checkInActions.outcome,
      by: checkInActions.actorName,
      at: checkInActions.at,
    })
    .from(checkInActions)
    .where(among(checkInActions.registrationId, entryIds))
    .orderBy(asc(checkInActions.id));

/** How many private links each entry has (never the links: they open the entry). */
export const privateLinkCounts = (db: Database, entryIds: string[]) =>
  db
    .select({ entryId: entryLinks.registrationId, links: count() })
    .from(entryLinks)
    .where(among(entryLinks.registrationId, entryIds))
    .groupBy(entryLinks.registrationId);

/** Waitlist places that are these ids or use these emails. */
export const waitlistMatching = (db: Database, ids: string[], emails: string[]) =>
  db
    .select({
      event: events.title,
      year: events.year,
      reference: waitlistEntries.reference,
      discipline: waitlistEntries.discipline,
      race: raceOptions.label,
      ...entrantFields(waitlistEntries),
      status: waitlistEntries.status,
      offeredAt: waitlistEntries.offeredAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      consentedAt: waitlistEntries.consentedAt,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .innerJoin(raceOptions, eq(raceOptions.id, waitlistEntries.raceOptionId))
    .where(or(among(waitlistEntries.id, ids), emailAmong(waitlistEntries.email, emails)))
    .orderBy(asc(waitlistEntries.createdAt));

const personColumns = (table: typeof men | typeof facilitators) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
  mobile: table.mobile,
  maritalStatus: table.maritalStatus,
  church: table.church,
  age: table.age,
  address: table.address,
  status: table.status,
  accountId: table.userId,
  privacyVersion: table.privacyVersion,
  createdAt: table.createdAt,
  updatedAt: table.updatedAt,
});

/** Programme records that are these ids, belong to these accounts or use these emails. */
export const menMatching = (db: Database, ids: string[], accountIds: string[], emails: string[]) =>
  db
    .select({ ...personColumns(men), endedAt: men.endedAt, endedAs: men.endedAs })
    .from(men)
    .where(or(among(men.id, ids), among(men.userId, accountIds), emailAmong(men.email, emails)));

export const facilitatorsMatching = (db: Database, ids: string[], accountIds: string[], emails: string[]) =>
  db
    .select(personColumns(facilitators))
    .from(facilitators)
    .where(
      or(
        among(facilitators.id, ids),
        among(facilitators.userId, accountIds),
        emailAmong(facilitators.email, emails),
      ),
    );

export const attendanceOf = (db: Database, manIds: string[]) =>
  db
    .select({
      session: workoutSessions.name,
      heldOn: workoutSessions.heldOn,
      status: attendance.status,
      recordedAt: attendance.recordedAt,
    })
    .from(attendance)
    .innerJoin(workoutSessions, eq(workoutSessions.id, attendance.sessionId))
    .where(among(attendance.manId, manIds))
    .orderBy(asc(workoutSessions.heldOn));

export const sessionRegistrationsOf = (db: Database, manIds: string[]) =>
  db
    .select({
      session: workoutSessions.name,
      heldOn: workoutSessions.heldOn,
      registeredAt: sessionRegistrations.registeredAt,
    })
    .from(sessionRegistrations)
    .innerJoin(workoutSessions, eq(workoutSessions.id, sessionRegistrations.sessionId))
    .where(among(sessionRegistrations.manId, manIds))
    .orderBy(asc(workoutSessions.heldOn));

/** What was handed in: names, sizes and dates, not the files. */
export const submissionsOf = (db: Database, manIds: string[]) =>
  db
    .select({
      assignment: assignments.title,
      fileName: submissions.fileName,
      contentType: submissions.contentType,
      size: submissions.size,
      late: submissions.late,
      submittedAt: submissions.submittedAt,
    })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(among(submissions.manId, manIds))
    .orderBy(asc(submissions.submittedAt));

export const checklistTicksOf = (db: Database, manIds: string[]) =>
  db
    .select({ item: checklistItems.text, tickedAt: checklistTicks.tickedAt })
    .from(checklistTicks)
    .innerJoin(checklistItems, eq(checklistItems.id, checklistTicks.itemId))
    .where(among(checklistTicks.manId, manIds))
    .orderBy(asc(checklistItems.sortOrder));

export const cellGroupsOf = (db: Database, manIds: string[]) =>
  db
    .select({ group: cellGroups.name })
    .from(cellGroupMembers)
    .innerJoin(cellGroups, eq(cellGroups.id, cellGroupMembers.groupId))
    .where(among(cellGroupMembers.manId, manIds));

export const erasureRequestsAbout = (db: Database, subjectIds: string[]) =>
  db
    .select({
      subjectType: erasureRequests.subjectType,
      reason: erasureRequests.reason,
      source: erasureRequests.source,
      status: erasureRequests.status,
      requestedAt: erasureRequests.requestedAt,
      decidedAt: erasureRequests.decidedAt,
    })
    .from(erasureRequests)
    .where(among(erasureRequests.subjectId, subjectIds))
    .orderBy(asc(erasureRequests.requestedAt));

/** The mails sent to these addresses: subject and dates (the bodies hold private links). */
export const mailsTo = (db: Database, emails: string[]) =>
  db
    .select({ subject: mailOutbox.subject, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(emailAmong(mailOutbox.to, emails))
    .orderBy(asc(mailOutbox.createdAt));
