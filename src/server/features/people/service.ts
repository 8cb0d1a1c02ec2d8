import type { CurrentUser } from '../../../shared/accounts/account.ts';
import {
  type Joined,
  PERSON_STATUS_LABELS,
  type PersonData,
  type PersonKind,
  type PersonListQuery,
  signUpPath,
} from '../../../shared/people/people.ts';
import { formatPhoneAsDialled } from '../../../shared/phone.ts';
import { greeting } from '../../../shared/shown-name.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { csvText } from '../../http/csv.ts';
import { exportedBy, exportedByCsvLine } from '../../http/exported-by.ts';
import { conflict, notFound } from '../../http/problem.ts';
import type { Links } from '../../links.ts';
import { enqueueMail, enqueueMailWithinLimit, type OutgoingMail } from '../../mail/repository.ts';
import { refuseLandline } from '../../sms/mobile-only.ts';
import { type AuditActor, recordAudit } from '../audit-log/service.ts';
import { currentPrivacyVersion } from '../events/service.ts';
import { deleteWithSubmissions, firstSessionFromToday } from '../progress/service.ts';
import { type AccountState, decisionMail } from './decision-mail.ts';
import {
  countPeople,
  deletePersonRow,
  findAccount,
  findAccountOf,
  findPerson,
  findPersonByEmail,
  findPersonOfAccount,
  insertIncompleteMan,
  insertPerson,
  linkToAccount,
  listPeople,
  makeFacilitator,
  type PersonRow,
  setFacilitatorStatus,
  unlinkedByEmail,
  updatePerson,
} from './repository.ts';
import { welcomeMail } from './welcome-mail.ts';

/** What an admin, who can read the registers anyway, is told when a form's email is already on one. */
const DUPLICATE: Record<PersonKind, string> = {
  men: 'This email address is already registered in the programme. Find the record in the register to update it.',
  facilitators:
    'This email address is already on the register of facilitators. Find the record there to update it.',
};

/** A record as the API answers it when it is opened on its own. */
export const toPerson = (row: PersonRow) => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  mobile: row.mobile,
  maritalStatus: row.maritalStatus,
  church: row.church,
  age: row.age,
  address: row.address,
  status: row.status,
  hasAccount: row.userId !== null,
  createdAt: row.createdAt.toISOString(),
  ...('endedAt' in row ? { endedAt: row.endedAt?.toISOString() ?? null, endedAs: row.endedAs } : {}),
});

/** A record as a register's list answers it: no address. */
export const toPersonListRow = (row: PersonRow) => {
  const { address: _, ...listed } = toPerson(row);
  return listed;
};

/** The mail to a person whose email someone put in a form again: one kind, at most one in 10 minutes. */
export const ALREADY_REGISTERED_MAIL = { kind: 'programme-already-registered', everySeconds: 10 * 60 };

type NewPerson =
  | Omit<PersonData, 'website'>
  | Pick<PersonData, 'firstName' | 'lastName' | 'email' | 'mobile'>;

/** What adding a record causes in the same transaction: the mail to send, if any. */
type AfterAdding = (tx: Transaction, row: PersonRow) => Promise<OutgoingMail | undefined>;

/**
 * Adds the record, with what it causes (`after`: a mail, a role) in the same transaction, and returns it.
 * When its email is already on the register, an admin (who can read the register anyway) is told with a
 * 409; anyone else gets undefined, to be answered as for a new record, and the owner gets a mail
 * (answerDuplicate).
 */
async function addPerson(
  context: AppContext,
  kind: PersonKind,
  values: NewPerson & { status: string },
  caller: CurrentUser | null,
  after: AfterAdding,
): Promise<PersonRow | undefined> {
  const { db } = context.database;
  // The notice the form linked to when it was sent.
  const privacyVersion = await currentPrivacyVersion(db);
  try {
    const { row, mail } = await db.transaction(async (tx) => {
      const added = await insertPerson(tx, kind, { ...values, privacyVersion });
      const caused = await after(tx, added);
      if (caused) await enqueueMail(tx, caused);
      return { row: added, mail: caused };
    });
    if (mail) context.mailer.kick();
    return row;
  } catch (error) {
    if (!uniqueViolation(error)?.endsWith('_email')) throw error;
    if (caller?.role === 'admin') throw conflict(DUPLICATE[kind]);
    const existing = await findPersonByEmail(db, kind, values.email);
    if (existing) await answerDuplicate(context, kind, existing);
    return undefined;
  }
}

/**
 * Someone put a registered person's email in a public form. The form answers as it does for a new
 * record, so it does not tell a stranger who is registered; the person hears of the attempt at his
 * stored address instead, as sign-up does, at most once in 10 minutes so the form cannot flood his inbox.
 */
async function answerDuplicate(context: AppContext, kind: PersonKind, person: PersonRow) {
  const queued = await enqueueMailWithinLimit(
    context.database.db,
    alreadyRegisteredMail(context.links, kind, person),
    { max: 1, seconds: ALREADY_REGISTERED_MAIL.everySeconds },
  );
  if (queued) context.mailer.kick();
}

/** Names only what is stored (never what the stranger typed). */
function alreadyRegisteredMail(links: Links, kind: PersonKind, person: PersonRow) {
  const lines =
    kind === 'men'
      ? [
          'Someone (perhaps you) filled in the Celebration men’s programme form with this email address. You are already registered, so nothing was changed.',
          '',
          `To see or change your details, sign in at ${links.page('/About')} (or create an account with this email address at ${links}${signUpPath(person.email)}), or ask the programme office.`,
        ]
      : [
          `Someone (perhaps you) filled in the Celebration facilitator form with this email address, which the programme office already has ${person.status === 'approved' ? 'as a facilitator' : 'from your application'}. Nothing was changed.`,
          '',
          'If you have a question, please contact the programme office.',
        ];
  return {
    to: person.email,
    kind: ALREADY_REGISTERED_MAIL.kind,
    subject:
      kind === 'men'
        ? 'You are already registered in the men’s programme'
        : 'You are already on the facilitators’ register',
    text: [
      `${greeting(person.firstName, 'Dear')},`,
      '',
      ...lines,
      '',
      'If it was not you, you can ignore this message.',
    ].join('\n'),
  };
}

/**
 * The "Be That Man" forms. A man is registered at once and welcomed by mail. A facilitator applies and
 * waits for an admin's Approve: only an admin may grant the role, so only an admin's form registers one
 * directly (and tells him so). Anyone else's form, a signed-in facilitator's included, files an applicant
 * whatever the email (else he could make any account a facilitator).
 */
export async function joinProgramme(
  context: AppContext,
  kind: PersonKind,
  input: PersonData,
  caller: CurrentUser | null,
): Promise<Joined> {
  const { website, ...fields } = input;
  refuseLandline(fields.mobile);
  if (kind === 'men') return addMan(context, { ...fields, status: 'active' }, caller, website, MAN_WELCOME);
  const direct = caller?.role === 'admin';
  const answer = {
    message: direct
      ? 'The facilitator is registered.'
      : 'Thank you for applying. The programme office will review your application and let you know.',
  };
  // A filled-in hidden field is a bot: answer as usual, keep nothing.
  if (website) return answer;
  await addPerson(
    context,
    kind,
    { ...fields, status: direct ? 'approved' : 'applicant' },
    caller,
    async (tx, row) => (direct ? grantFacilitatorAccess(tx, context.links, row) : undefined),
  );
  return answer;
}

const MAN_WELCOME = 'Welcome to the movement! You are registered.';

/**
 * A man joins (the full form or the desk's): his record and his welcome mail, one transaction. The answer
 * names his first session, and is the same for a new email, a taken one (whose owner is mailed instead)
 * and a bot's, so it tells no one who is registered.
 */
async function addMan(
  context: AppContext,
  values: NewPerson & { status: 'active' | 'incomplete' },
  caller: CurrentUser | null,
  website: string | undefined,
  message: string,
): Promise<Joined> {
  const firstSession = await firstSessionFromToday(context.database.db);
  const answer = { message, firstSession };
  if (website) return answer;
  await addPerson(context, 'men', values, caller, async (_tx, row) =>
    welcomeMail(context.links, row, firstSession),
  );
  return answer;
}

/** The desk form: names, email and phone; the rest is filled in later, so the record is marked incomplete. */
export async function quickJoin(
  context: AppContext,
  input: Pick<PersonData, 'firstName' | 'lastName' | 'email' | 'mobile'> & { website?: string },
) {
  const { website, ...fields } = input;
  // A public desk form: a taken email is answered as a new one (and its owner mailed), as on the full form.
  return addMan(
    context,
    { ...fields, status: 'incomplete' },
    null,
    website,
    'Thank you. You are registered.',
  );
}

export async function editPerson(
  { database }: AppContext,
  kind: PersonKind,
  id: string,
  change: {
    firstName: string;
    lastName: string;
    email: string;
    mobile?: string;
    maritalStatus: string | null;
    church: string | null;
    age: number | null;
    address: string | null;
  },
) {
  const complete = change.mobile && change.maritalStatus && change.church && change.age && change.address;
  // The desk form's "Phone" may have taken a landline: it stays until changed.
  refuseLandline(change.mobile, { kept: (await findPerson(database.db, kind, id))?.mobile });
  try {
    const row = await updatePerson(database.db, kind, id, {
      ...change,
      mobile: change.mobile ?? '',
      ...(kind === 'men' ? { status: complete ? 'active' : 'incomplete' } : {}),
    });
    if (!row) throw notFound('There is no such record.');
    return row;
  } catch (error) {
    if (uniqueViolation(error)?.endsWith('_email'))
      throw conflict('Another record already uses this email address.');
    throw error;
  }
}

/** The programme record of a participant's own account (404 while none is linked to it). */
export async function ownRecord({ database }: AppContext, userId: string) {
  const man = await findPersonOfAccount(database.db, 'men', userId);
  if (!man)
    throw notFound(
      'Your account is not linked to a programme record yet. Please contact the programme office.',
    );
  return man;
}

/** A participant changes his own details; not his email, which is his account's. */
export async function editOwnRecord(
  context: AppContext,
  userId: string,
  change: Omit<Parameters<typeof editPerson>[3], 'email'>,
) {
  const man = await ownRecord(context, userId);
  return editPerson(context, 'men', man.id, { ...change, email: man.email });
}

/** A man leaves or graduates (his records are deleted some time after), or is back in the programme. */
export async function setManEnded(
  { database }: AppContext,
  admin: AuditActor,
  id: string,
  endedAs: 'left' | 'graduated' | null,
  now = new Date(),
) {
  return database.db.transaction(async (tx) => {
    const row = await updatePerson(tx, 'men', id, { endedAt: endedAs ? now : null, endedAs });
    if (!row) throw notFound('There is no such record.');
    await recordAudit(tx, admin, {
      action: 'man.ended',
      subject: `man ${id.slice(0, 8)}`,
      details: { endedAs },
    });
    return row;
  });
}

export async function deletePerson(context: AppContext, kind: PersonKind, id: string) {
  // A man's uploaded documents go with him, files included.
  if (kind === 'men') {
    if (!(await deleteWithSubmissions(context, 'man', id))) throw notFound('There is no such record.');
    return;
  }
  if (!(await deletePersonRow(context.database.db, kind, id))) throw notFound('There is no such record.');
}

/**
 * An admin approves or declines a facilitator: the new status, what it grants and the mail that tells him,
 * in one transaction. Deciding again what is already decided changes nothing and sends nothing.
 */
export async function decideApplication(
  context: AppContext,
  id: string,
  decision: 'approved' | 'declined',
  actor: AuditActor,
) {
  const { db } = context.database;
  const mailed = await db.transaction(async (tx) => {
    const changed = await setFacilitatorStatus(tx, id, decision);
    if (!changed) return false;
    // Approving gives his account the facilitator role: a change of role.
    await recordAudit(tx, actor, {
      action: decision === 'approved' ? 'facilitator.approve' : 'facilitator.decline',
      subject: `facilitator ${id}`,
    });
    const mail =
      decision === 'approved'
        ? await grantFacilitatorAccess(tx, context.links, changed)
        : decisionMail(context.links, changed, 'declined', 'none');
    await enqueueMail(tx, mail);
    return true;
  });
  if (mailed) context.mailer.kick();
  const row = await findPerson(db, 'facilitators', id);
  if (!row) throw notFound('There is no such record.');
  return row;
}

/**
 * An approved facilitator with an account gets the facilitator role (his sessions end, so the next sign-in
 * carries it); one whose account is not confirmed yet gets it once it is; one without an account is invited
 * to create one with this email, which then gets the role. Returns the mail that tells him which.
 */
async function grantFacilitatorAccess(tx: Transaction, links: Links, person: PersonRow) {
  const account = await findAccountOf(tx, person);
  let state: AccountState = 'none';
  if (account?.emailVerified) {
    await linkFacilitator(tx, person.id, account.id, account.role);
    state = 'verified';
  } else if (account) {
    state = 'unverified';
  }
  return decisionMail(links, person, 'approved', state);
}

async function linkFacilitator(
  db: Database | Transaction,
  facilitatorId: string,
  userId: string,
  role: string,
) {
  await linkToAccount(db, 'facilitators', facilitatorId, userId);
  // Never lower an admin; a participant or a company becomes a facilitator.
  if (role !== 'admin' && role !== 'facilitator') await makeFacilitator(db, userId);
}

/**
 * When an account's email is verified: link it to the man or approved facilitator with that email; a
 * participant without a record gets one from his name and email (incomplete until the rest is filled in).
 */
export async function linkVerifiedAccount(db: Database, verified: { id: string }) {
  const account = await findAccount(db, verified.id);
  if (!account) return;
  const facilitator = await unlinkedByEmail(db, 'facilitators', account.email);
  if (facilitator?.status === 'approved') {
    await linkFacilitator(db, facilitator.id, account.id, account.role);
    return;
  }
  if (account.role !== 'participant') return;
  const man = await unlinkedByEmail(db, 'men', account.email);
  if (man) {
    await linkToAccount(db, 'men', man.id, account.id);
    return;
  }
  const [firstName, ...rest] = account.name.trim().split(/\s+/);
  await insertIncompleteMan(db, {
    firstName: firstName || account.name,
    lastName: rest.join(' '),
    email: account.email,
    userId: account.id,
    // The notice he was shown when he made the account.
    privacyVersion: account.privacyVersion,
  });
}

/** A page of a register, searched and sorted: what its table shows (an opened record says more: personOf). */
export async function registerOf(context: AppContext, kind: PersonKind, query: PersonListQuery) {
  const list = await listPeople(context.database.db, kind, query);
  return { ...list, rows: list.rows.map(toPersonListRow) };
}

/** How many the register holds as searched (an export's rows, for the audit trail). */
export const registerCount = async (context: AppContext, kind: PersonKind, query: PersonListQuery) =>
  (await listPeople(context.database.db, kind, { ...query, page: 1, pageSize: 1 })).total;

/** One record, opened on its own: all of it. */
export async function personOf(context: AppContext, kind: PersonKind, id: string) {
  const row = await findPerson(context.database.db, kind, id);
  if (!row) throw notFound('There is no such record.');
  return toPerson(row);
}

/** The whole register as it is searched and sorted, as CSV for a spreadsheet, saying who exported it. */
export async function registerCsv(
  context: AppContext,
  kind: PersonKind,
  query: PersonListQuery,
  exporter: CurrentUser,
) {
  const { rows } = await listPeople(context.database.db, kind, { ...query, page: 1, pageSize: 100_000 });
  const header = [
    'Surname',
    'Name',
    'Email',
    'Mobile',
    'MaritalStatus',
    'Church',
    'Age',
    'Address',
    'Status',
  ];
  const records = rows.map((row) => [
    row.lastName,
    row.firstName,
    row.email,
    formatPhoneAsDialled(row.mobile),
    row.maritalStatus ?? '',
    row.church ?? '',
    row.age === null ? '' : String(row.age),
    row.address ?? '',
    PERSON_STATUS_LABELS[row.status] ?? row.status,
  ]);
  return exportedByCsvLine(exportedBy(exporter.name)) + csvText([header, ...records]);
}

export const programmeTotals = (context: AppContext) => countPeople(context.database.db);
