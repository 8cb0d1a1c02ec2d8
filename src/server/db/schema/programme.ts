import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** Men and facilitators share their fields (the "Be That Man" form); each kind has its own register. */
function personColumns<S extends string>(statuses: readonly [S, ...S[]], initial: S) {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    maritalStatus: text('marital_status', { enum: ['Single', 'Married', 'Divorced', 'Widowed'] }),
    church: text('church'),
    age: smallint('age'),
    address: text('address'),
    status: text('status', { enum: statuses }).notNull().default(initial),
    /** The account this person signs in with, linked by verified email. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The version of the privacy notice he was shown when he applied (null: before notices were versioned). */
    privacyVersion: integer('privacy_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

export const men = pgTable(
  'men',
  {
    ...personColumns(['active', 'incomplete'] as const, 'active'),
    /** When he left or graduated (null: still in the programme); his records are deleted some time after. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedAs: text('ended_as', { enum: ['left', 'graduated'] }),
  },
  (table) => [
    uniqueIndex('men_email').on(sql`lower(${table.email})`),
    uniqueIndex('men_user').on(table.userId),
    index('men_last_name').on(sql`lower(${table.lastName})`),
  ],
);

export const facilitators = pgTable(
  'facilitators',
  personColumns(['applicant', 'approved', 'declined'] as const, 'applicant'),
  (table) => [
    uniqueIndex('facilitators_email').on(sql`lower(${table.email})`),
    uniqueIndex('facilitators_user').on(table.userId),
    index('facilitators_status').on(table.status),
  ],
);

/** The eight monthly workout sessions; `open` shows a Register button, `inactive` reads "Not Active". */
export const workoutSessions = pgTable('workout_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  heldOn: date('held_on').notNull(),
  state: text('state', { enum: ['open', 'inactive'] })
    .notNull()
    .default('inactive'),
  /** "09:00" in Harare; null while it is not set. */
  startTime: text('start_time'),
  /** Where it is held, as people are told it ("Church hall, 12 Samora Machel Ave"); null while not set. */
  place: text('place'),
});

/**
 * The first day of each programme year an admin started (after the first one, which has no row). A session
 * belongs to the year whose start is the latest on or before its date (src/server/db/programme-year.ts).
 */
export const programmeYears = pgTable('programme_years', {
  startsOn: date('starts_on').primaryKey(),
  startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A man at a session: the key of his registration for it and of his attendance at it. */
const manAtSession = () => ({
  sessionId: uuid('session_id')
    .notNull()
    .references(() => workoutSessions.id, { onDelete: 'cascade' }),
  manId: uuid('man_id')
    .notNull()
    .references(() => men.id, { onDelete: 'cascade' }),
});

export const sessionRegistrations = pgTable(
  'session_registrations',
  {
    ...manAtSession(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.manId] })],
);

export const attendance = pgTable(
  'attendance',
  {
    ...manAtSession(),
    status: text('status', { enum: ['present', 'late', 'excused', 'absent'] }).notNull(),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.manId] })],
);

/** Book assignments, due at 17:00 Harare time on the due date. */
export const assignments = pgTable('assignments', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  dueOn: date('due_on').notNull(),
});

/**
 * His uploads, up to UPLOAD_LIMITS.versionsKept per man and assignment (src/shared/programme/progress-rules.ts):
 * the newest is the current one, the others his history.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    manId: uuid('man_id')
      .notNull()
      .references(() => men.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The account that uploaded it: storage and upload rate are limited per account. */
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    late: boolean('late').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('submissions_man_assignment').on(table.manId, table.assignmentId, table.submittedAt),
    index('submissions_uploaded_by').on(table.uploadedBy),
  ],
);

export const checklistItems = pgTable('checklist_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  text: text('text').notNull(),
  /** `sessions` and `assignments` are decided by the data; `manual` is ticked by a facilitator or an admin. */
  kind: text('kind', { enum: ['sessions', 'assignments', 'manual'] }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const checklistTicks = pgTable(
  'checklist_ticks',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => checklistItems.id, { onDelete: 'cascade' }),
    manId: uuid('man_id')
      .notNull()
      .references(() => men.id, { onDelete: 'cascade' }),
    tickedBy: text('ticked_by').references(() => user.id, { onDelete: 'set null' }),
    tickedAt: timestamp('ticked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.manId] })],
);

export const cellGroups = pgTable('cell_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  facilitatorId: uuid('facilitator_id').references(() => facilitators.id, { onDelete: 'set null' }),
});

/** A man belongs to at most one cell group. */
export const cellGroupMembers = pgTable('cell_group_members', {
  manId: uuid('man_id')
    .primaryKey()
    .references(() => men.id, { onDelete: 'cascade' }),
  groupId: uuid('group_id')
    .notNull()
    .references(() => cellGroups.id, { onDelete: 'cascade' }),
});
