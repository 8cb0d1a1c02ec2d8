import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { GUARDIAN_MESSAGES, guardianOf } from '../../../shared/registrations/guardian.ts';
import {
  fieldOfHeading,
  headingKey,
  OPTIONAL_IMPORT_COLUMNS,
  TEAM_IMPORT_COLUMNS,
  type TeamImportField,
  type TeamImportPreview,
  type TeamImportResult,
  type TeamImportRow,
  type TeamRegistrationData,
  TeamRegistrationInputSchema,
} from '../../../shared/registrations/team-import.ts';
import type { AppContext } from '../../context.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, Problem } from '../../http/problem.ts';
import { lockMailRecipient } from '../../mail/repository.ts';
import { isNotMobile, NOT_A_MOBILE } from '../../sms/mobile-only.ts';
import { assertPublished, type EventSnapshot, isRegistrationOpen } from '../events/service.ts';
import { samePerson } from './group-registration.ts';
import { findActiveSamePerson, lockRaceAndCountEntries } from './repository.ts';
import { entryWithMail, insertWithMessages, REGISTRATION_CLOSED, toManager } from './service.ts';

/** Who imports: the company account, whose entries they become and whose address a row without one takes. */
export interface Manager {
  id: string;
  email: string;
}

const UNDER_18 =
  "Under 18: register this person with the form above, where a parent or guardian's agreement is recorded";

/** A row read and checked: the entry it makes when it has no error. */
interface CheckedRow {
  preview: TeamImportRow;
  entry?: TeamRegistrationData & { email: string };
}

/** The event changed under the transaction (its revision moved): nothing was written, read it again. */
class OutdatedEvent extends Error {}

const DISCIPLINE_WORDS: Record<string, 'run' | 'cycle'> = {
  runner: 'run',
  run: 'run',
  running: 'run',
  cyclist: 'cycle',
  cycle: 'cycle',
  cycling: 'cycle',
};
const GENDER_WORDS: Record<string, 'Male' | 'Female'> = {
  m: 'Male',
  male: 'Male',
  f: 'Female',
  female: 'Female',
};

/** The event's own spelling of what a cell names loosely ("10 KM" for 10km, "large" for Large). */
const loosely = (value: string, choices: readonly string[]) =>
  choices.find((choice) => headingKey(choice) === headingKey(value)) ?? value;

/** Which column of the file holds each field; a missing required column refuses the file. */
function columnsOf(headings: string[]) {
  const at = new Map<TeamImportField, { index: number; heading: string }>();
  const ignored: string[] = [];
  headings.forEach((heading, index) => {
    const field = fieldOfHeading(heading);
    if (field && !at.has(field)) at.set(field, { index, heading });
    else if (heading !== '') ignored.push(heading);
  });
  const missing = TEAM_IMPORT_COLUMNS.filter(
    ({ field }) => !at.has(field) && !OPTIONAL_IMPORT_COLUMNS.includes(field),
  );
  if (missing.length > 0) {
    throw badRequest(
      `This list has no column for ${missing.map((column) => column.heading).join(', ')}. Download the template, copy your staff into it and choose it again.`,
    );
  }
  return { at, ignored };
}

/** The heading a field's messages are named by: the file's own, or the template's when the file has none. */
const headingOf = (columns: ReturnType<typeof columnsOf>['at'], field: string) =>
  columns.get(field as TeamImportField)?.heading ??
  TEAM_IMPORT_COLUMNS.find((column) => column.field === field)?.heading ??
  'Row';

/**
 * Reads and checks every row with the rules of the team's form (the same schema, the event's races and sizes,
 * a landline refused as Mobile, the same person twice, someone already registered, the places left): nothing
 * is written.
 */
async function checkRows(
  { database }: AppContext,
  snapshot: EventSnapshot,
  table: string[][],
  manager: Manager,
): Promise<{ rows: CheckedRow[]; ignored: string[] }> {
  const { event } = snapshot;
  const headingsAt = table.findIndex((row) => row.some((cell) => cell !== ''));
  const { at, ignored } = columnsOf(table[headingsAt] ?? []);
  const cell = (row: string[], field: TeamImportField) => {
    const column = at.get(field);
    return column === undefined ? '' : (row[column.index] ?? '').trim();
  };
  const rows: CheckedRow[] = [];
  table.forEach((row, index) => {
    if (index <= headingsAt || row.every((value) => value === '')) return;
    const discipline = DISCIPLINE_WORDS[headingKey(cell(row, 'discipline'))];
    const races = snapshot.races.filter((race) => race.discipline === discipline).map((race) => race.label);
    const sizes = discipline ? event.tshirtSizes[discipline] : [];
    const gender = cell(row, 'gender');
    const input = {
      discipline: discipline ?? cell(row, 'discipline'),
      firstName: cell(row, 'firstName'),
      lastName: cell(row, 'lastName'),
      email: cell(row, 'email') || manager.email,
      mobile: cell(row, 'mobile'),
      age: cell(row, 'age'),
      gender: GENDER_WORDS[gender.toLowerCase()] ?? gender,
      raceType: loosely(cell(row, 'raceType'), races),
      nextOfKinMobile: cell(row, 'nextOfKinMobile'),
      tshirtSize: loosely(cell(row, 'tshirtSize'), sizes),
      consent: true,
      listedInSearch: false,
    };
    const preview: TeamImportRow = {
      row: index + 1,
      firstName: input.firstName,
      lastName: input.lastName,
      discipline: discipline ?? null,
      raceType: input.raceType,
      usesManagerEmail: cell(row, 'email') === '',
      errors: [],
    };
    const error = (field: string, message: string) => {
      const column = headingOf(at, field);
      if (!preview.errors.some((known) => known.column === column && known.message === message))
        preview.errors.push({ column, message });
    };
    const parsed = TeamRegistrationInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field in GUARDIAN_MESSAGES) error('age', UNDER_18);
        else if (field === 'discipline') error(field, 'Write Runner or Cyclist');
        else error(field, issue.message);
      }
      rows.push({ preview });
      return;
    }
    const entry = { ...parsed.data, email: parsed.data.email ?? manager.email };
    if (!snapshot.race(entry.discipline, entry.raceType))
      error(
        'raceType',
        `Choose a race type of the ${DISCIPLINE_LABELS[entry.discipline].toLowerCase()}s: ${races.join(', ')}`,
      );
    if (!event.tshirtSizes[entry.discipline].includes(entry.tshirtSize))
      error('tshirtSize', `Choose a T-shirt size from the list: ${sizes.join(', ')}`);
    if (isNotMobile(entry.mobile)) error('mobile', NOT_A_MOBILE);
    const twin = rows.find((earlier) => earlier.entry && samePerson(earlier.entry, entry));
    if (twin) error('firstName', `This person is on the list twice (row ${twin.preview.row})`);
    rows.push({ preview, entry });
  });
  if (rows.length === 0)
    throw badRequest('This list has no staff below its headings. Add them and choose it again.');

  for (const { preview, entry } of rows) {
    if (!entry || preview.errors.length > 0) continue;
    if (await findActiveSamePerson(database.db, { eventId: event.id, ...entry })) {
      preview.errors.push({
        column: headingOf(at, 'firstName'),
        message: `Already registered as a ${entry.discipline === 'run' ? 'runner' : 'cyclist'} with this name and email`,
      });
    }
  }
  // The places left, read under each race's lock as a registration reads them (released at once: nothing is kept).
  const wanted = racesOf(snapshot, rows);
  if (wanted.some(({ race }) => race.capacity !== null)) {
    await database.transaction(async (run) => {
      for (const { race, rows: inRace } of wanted) {
        if (race.capacity === null) continue;
        const left = race.capacity - (await lockRaceAndCountEntries(run, race.id));
        for (const { preview } of inRace.slice(Math.max(left, 0))) {
          preview.errors.push({
            column: headingOf(at, 'raceType'),
            message:
              left > 0
                ? `This race has only ${left} ${left === 1 ? 'place' : 'places'} left`
                : 'This race is full',
          });
        }
      }
    });
  }
  return { rows, ignored };
}

/** The ready rows by race, races in id order (the order every caller locks them in). */
function racesOf(snapshot: EventSnapshot, rows: CheckedRow[]) {
  const byRace = new Map<
    string,
    { race: NonNullable<ReturnType<EventSnapshot['race']>>; rows: CheckedRow[] }
  >();
  for (const row of rows) {
    if (!row.entry || row.preview.errors.length > 0) continue;
    const race = snapshot.race(row.entry.discipline, row.entry.raceType);
    if (!race) continue;
    const group = byRace.get(race.id) ?? { race, rows: [] };
    group.rows.push(row);
    byRace.set(race.id, group);
  }
  return [...byRace.values()].sort((a, b) => a.race.id.localeCompare(b.race.id));
}

/** The event as the database has it now (as the group form reads it): a list is rare, its checks exact. */
async function openSnapshot(context: AppContext) {
  const snapshot = await context.currentEvent.reload();
  if (!snapshot)
    throw new Problem(503, 'Service Unavailable', 'No event is set up yet. Please try again later.');
  assertPublished(snapshot.event);
  if (!isRegistrationOpen(snapshot.event)) throw conflict(REGISTRATION_CLOSED);
  return snapshot;
}

const previewOf = ({ rows, ignored }: { rows: CheckedRow[]; ignored: string[] }): TeamImportPreview => ({
  rows: rows.map((row) => row.preview),
  ready: rows.filter((row) => row.preview.errors.length === 0).length,
  ignoredColumns: ignored,
});

/** The staff list as it would be registered, each row ready or with its errors named: nothing is saved. */
export async function previewStaffImport(context: AppContext, table: string[][], manager: Manager) {
  return previewOf(await checkRows(context, await openSnapshot(context), table, manager));
}

/**
 * Registers every row of the staff list as the team's entries, in one transaction, or none: any row with an
 * error (checked again here, and the places again under the races' locks) refuses the whole list. Each entry
 * is confirmed as the team's form confirms one (its own mail, or text, to its address).
 */
export async function importStaff(
  context: AppContext,
  table: string[][],
  manager: Manager,
): Promise<TeamImportResult> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const snapshot = await openSnapshot(context);
    const checked = await checkRows(context, snapshot, table, manager);
    const preview = previewOf(checked);
    if (preview.ready < preview.rows.length) throw refused(preview);
    try {
      const registered = await saveAll(context, snapshot, checked.rows, manager);
      context.mailer.kick();
      context.sms.kick();
      return { registered };
    } catch (error) {
      if (error instanceof OutdatedEvent) continue;
      if (error instanceof Problem) throw error;
      if (uniqueViolation(error) === 'registrations_same_person')
        throw conflict(
          'Nobody was registered: someone on the list registered meanwhile. Check the list again.',
        );
      throw error;
    }
  }
  throw new Problem(503, 'Service Unavailable', 'The event is being updated. Please try again.');
}

/** The refusal of a list with errors: how many rows, and each error by row and column. */
function refused(preview: TeamImportPreview) {
  const wrong = preview.rows.filter((row) => row.errors.length > 0);
  return badRequest(
    `Nobody was registered: ${wrong.length} ${wrong.length === 1 ? 'row has' : 'rows have'} errors. Correct the list and choose it again.`,
    wrong.flatMap((row) =>
      row.errors.map(({ column, message }) => ({
        path: `rows.${row.row}`,
        message: `Row ${row.row}, ${column}: ${message}`,
      })),
    ),
  );
}

async function saveAll(context: AppContext, snapshot: EventSnapshot, rows: CheckedRow[], manager: Manager) {
  const { database, links } = context;
  const { event } = snapshot;
  return database.transaction(async (run) => {
    // Races first, one at a time in id order, then the mail addresses (the order every caller keeps).
    for (const { race, rows: inRace } of racesOf(snapshot, rows)) {
      const taken = await lockRaceAndCountEntries(run, race.id);
      if (race.capacity !== null && taken + inRace.length > race.capacity) {
        throw conflict(
          `Nobody was registered: the ${race.label} race filled meanwhile. Check the list again.`,
        );
      }
    }
    const addresses = [...new Set(rows.map((row) => row.entry?.email.toLowerCase() ?? ''))].sort();
    for (const address of addresses) await lockMailRecipient(run, address);
    const registered: TeamImportResult['registered'] = [];
    for (const { entry } of rows) {
      const race = entry && snapshot.race(entry.discipline, entry.raceType);
      if (!entry || !race) throw new Error('a row without its entry was saved');
      const { link, mail, values } = entryWithMail(event, race, entry, links, {
        termsVersion: event.termsVersion,
        privacyVersion: event.privacyVersion,
        ...guardianOf(entry, new Date()),
        idempotencyKey: null,
        requestDigest: null,
        companyAccountId: manager.id,
      });
      // As the team's form mails one entry (register(): within the limit per address, unless it is the manager's).
      const inserted = await insertWithMessages(run, {
        event,
        race,
        values,
        mail: mail && { ...mail, publicAction: !toManager(mail.to, manager.email) },
        link,
        links,
        publicAction: !(mail && toManager(mail.to, manager.email)),
      });
      if (inserted.kind === 'outdated-event') throw new OutdatedEvent();
      if (inserted.kind === 'duplicate-key')
        throw new Error('an entry without an Idempotency-Key was skipped');
      registered.push({
        reference: inserted.reference,
        firstName: entry.firstName,
        lastName: entry.lastName,
      });
    }
    return registered;
  });
}
