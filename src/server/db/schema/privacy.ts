import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only (a trigger refuses updates, and deletes of rows younger than two years): every bulk read of
 * personal data by an admin, every change of a role, payment, entry or setting, every erasure and every
 * retention run. No foreign keys, so nothing done to an account or an entry can change what is recorded.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The account that did it (null: the server itself, e.g. the retention job) and its name at the time. */
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    /** What was done, e.g. 'participants.export-csv', 'registration.payment', 'erasure', 'retention.run'. */
    action: text('action').notNull(),
    /** What it was done to, e.g. 'registration CFR25-0042' (never a name or a contact). */
    subject: text('subject'),
    /** The filters of a list or export, as sent. */
    filters: jsonb('filters').$type<Record<string, unknown>>(),
    /** How many rows were read or changed. */
    rowCount: integer('row_count'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [index('audit_log_at').on(table.at), index('audit_log_action').on(table.action, table.at)],
);

/**
 * "Erase this person": asked by an entrant (/My) or a participant (/Profile) and confirmed by an admin, or
 * done by an admin at once. The subject is named by reference or id only: once done, nothing here
 * identifies the person.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectType: text('subject_type', {
      enum: ['registration', 'waitlist', 'man', 'facilitator', 'account', 'mobile', 'gift'],
    }).notNull(),
    /** A record's id; for 'mobile', the E.164 number while the request waits, then the request's own id. */
    subjectId: text('subject_id').notNull(),
    /** What the admin sees to recognise it (a reference such as CFR25-0042, or the account's email until done). */
    subjectLabel: text('subject_label').notNull(),
    reason: text('reason').notNull(),
    source: text('source', { enum: ['admin', 'entrant', 'participant', 'mobile'] }).notNull(),
    status: text('status', { enum: ['pending', 'done', 'declined'] })
      .notNull()
      .default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    decidedByName: text('decided_by_name'),
  },
  (table) => [index('erasure_requests_status').on(table.status, table.requestedAt)],
);

/** Daily jobs (retention): the day each last ran, and a lease so only one server runs it at a time. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunOn: text('last_run_on'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});

/**
 * "Your data, by your mobile number" (/Privacy): a code texted to a number, then a short-lived proof that its
 * holder has the number, for a download of what is held under it or a request to erase it. Only digests are
 * kept; a row is made for every number asked about, whether or not it has records (so its limits answer the
 * same), and is deleted a day later.
 */
export const mobileProofs = pgTable(
  'mobile_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164 */
    mobile: text('mobile').notNull(),
    codeDigest: text('code_digest').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    /** Set once the code is entered: the proof the download and erasure requests carry. */
    proofDigest: text('proof_digest').unique(),
    proofExpiresAt: timestamp('proof_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mobile_proofs_mobile').on(table.mobile, table.createdAt)],
);
