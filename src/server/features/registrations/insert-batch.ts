import type { DatabaseHandle, RunStatement, Statement } from '../../db/client.ts';
import { publicActionRoomSql } from '../../mail/repository.ts';
import { CONFIRMATION_KIND } from './confirmation-mail.ts';
import { ENTRY_COLUMNS, ENTRY_PARAMETERS, INSERT_REGISTRATION_WITH_MAIL } from './repository.ts';

/*
 * When registration opens, the whole congregation posts at once. On PostgreSQL the entries that arrive while
 * others are being written go to the database together, as one statement: per entry, it spends a quarter of
 * the database's time a statement of its own does (measured with pgbench). Nothing else changes: the batch is
 * atomic like a single insert, so an entry is either written with its link and mail or not at all, and a
 * batch that fails (a person already entered, say) is retried one entry at a time, each answered as before.
 */

/** Statements of the batch at most in flight: the rest of the pool stays free for everything else. */
const BATCHES_AT_ONCE = 3;
const LARGEST_BATCH = 25;

/** The parameters that are not the entry's own columns, as the batch's rows name them. */
const EXTRAS = {
  referencePrefix: 'x_reference_prefix text',
  revision: 'x_revision integer',
  mailTo: 'x_mail_to text',
  mailSubject: 'x_mail_subject text',
  mailText: 'x_mail_text text',
  referencePlaceholder: 'x_reference_placeholder text',
  publicAction: 'x_public_action boolean',
  mailWanted: 'x_mail_wanted boolean',
  linkDigest: 'x_link_digest text',
  attachments: 'x_attachments text',
} as const;
type Parameter = (typeof ENTRY_PARAMETERS)[number];
const keyOf = (name: Parameter) => ENTRY_COLUMNS[name] ?? EXTRAS[name as keyof typeof EXTRAS]?.split(' ')[0];
/** Each parameter's place in the single insert's list, looked up for every entry. */
const place = Object.fromEntries(ENTRY_PARAMETERS.map((name, at) => [name, at])) as Record<Parameter, number>;
const columns = Object.values(ENTRY_COLUMNS);
const extraColumns = Object.values(EXTRAS).map((definition) => definition.split(' ')[0]);
const unnamed = ENTRY_PARAMETERS.filter((name) => keyOf(name) === undefined);
if (unnamed.length > 0) throw new Error(`The batched insert has no place for ${unnamed.join(', ')}`);

/**
 * The single insert's work for many entries: the rows come as one JSON array, read once as the table's own row
 * type (so every value is typed as its column) and once for the rest, side by side. Each entry is numbered
 * by the sequence as the single insert numbers it; its link and mail are matched to it by its check-in code,
 * which the caller made unique.
 */
const INSERT_BATCH: Statement = {
  name: 'insert_registrations_batch',
  text: `
    with input as (
      select * from rows from (
        json_populate_recordset(null::registrations, $1::json),
        json_to_recordset($1::json) as (${Object.values(EXTRAS).join(', ')})
      ) as i
    ),
    inserted as (
      insert into registrations (${columns.join(', ')}, reference)
      select ${columns.map((column) => `i.${column}`).join(', ')},
        -- Tied to its row, so that each entry draws a number of its own.
        (select i.x_reference_prefix || '-' || lpad(n, greatest(4, length(n)), '0')
          from (select nextval('registration_number_seq')::text as n where i.check_in_code is not null) as numbered)
      from input i
      where exists (select 1 from events where id = i.event_id and revision = i.x_revision)
      on conflict (idempotency_key) do nothing
      returning id, reference, check_in_code
    ),
    -- Joined once, before the mail's limit is asked: asked in the join, it would run for every pair of rows.
    written as materialized (
      select inserted.id, inserted.reference, ${extraColumns.map((column) => `i.${column}`).join(', ')}
      from inserted join input i using (check_in_code)
    ),
    link as (
      insert into entry_links (token_digest, registration_id) select x_link_digest, id from written
    ),
    mail as (
      insert into mail_outbox ("to", kind, subject, text, attachments, public_action)
      select x_mail_to, '${CONFIRMATION_KIND}', replace(x_mail_subject, x_reference_placeholder, reference),
        replace(x_mail_text, x_reference_placeholder, reference), x_attachments::jsonb, x_public_action
      from written
      where x_mail_wanted and case when x_public_action then ${publicActionRoomSql('x_mail_to')} else true end
    )
    select i.check_in_code, inserted.id, inserted.reference,
      exists (select 1 from events where id = i.event_id and revision = i.x_revision) as current
    from input i left join inserted using (check_in_code)`,
};

interface Waiting {
  params: unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

const value = (params: unknown[], name: Parameter) => params[place[name]];
const recipient = (params: unknown[]) => String(value(params, 'mailTo') ?? '').toLowerCase();

/**
 * An entry may share a statement with others when it takes no lock that another batch could hold in another
 * order: with an email, its same-person lock on the mobile is shared (see same_person_by_mobile); its mail
 * address's lock is exclusive, so no two entries of batches in flight have the same address.
 */
const batchable = (params: unknown[]) =>
  value(params, 'email') !== null && value(params, 'checkInCode') !== null && recipient(params) !== '';

class RegistrationBatches {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private recipientsInFlight = new Set<string>();

  constructor(private readonly run: RunStatement) {}

  insert(params: unknown[]): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ params, resolve, reject });
      this.send();
    });
  }

  private send() {
    while (this.inFlight < BATCHES_AT_ONCE && this.waiting.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight += 1;
      const recipients = batch.map((each) => recipient(each.params));
      for (const each of recipients) this.recipientsInFlight.add(each);
      void this.write(batch).finally(() => {
        this.inFlight -= 1;
        for (const each of recipients) this.recipientsInFlight.delete(each);
        this.send();
      });
    }
  }

  /** The longest-waiting entries, in order, that may go together; the others wait for the next batch. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const recipients = new Set<string>();
    this.waiting = this.waiting.filter((each) => {
      const to = recipient(each.params);
      if (batch.length >= LARGEST_BATCH || recipients.has(to) || this.recipientsInFlight.has(to)) return true;
      recipients.add(to);
      batch.push(each);
      return false;
    });
    return batch;
  }

  private async write(batch: Waiting[]) {
    if (batch.length > 1) {
      try {
        const rows = await this.run<{ check_in_code: string; id: string | null; reference: string | null }>(
          INSERT_BATCH,
          [JSON.stringify(batch.map((each) => rowOf(each.params)))],
        );
        const byCode = new Map(rows.map((row) => [row.check_in_code, row]));
        for (const each of batch) {
          const row = byCode.get(String(value(each.params, 'checkInCode')));
          each.resolve(row ? [row] : []);
        }
        return;
      } catch {
        // Nothing of the batch was written: each entry is tried alone, and answered as it always was.
      }
    }
    await Promise.all(
      batch.map((each) =>
        this.run(INSERT_REGISTRATION_WITH_MAIL, each.params).then(each.resolve, each.reject),
      ),
    );
  }
}

const rowKeys = ENTRY_PARAMETERS.map(keyOf);
function rowOf(params: unknown[]) {
  const row: Record<string, unknown> = {};
  for (const [at, key] of rowKeys.entries()) row[key as string] = params[at];
  return row;
}

const batchesOf = new WeakMap<DatabaseHandle, RunStatement>();

/**
 * The run to insert public entries with: on PostgreSQL, the registration's insert goes through the batches
 * (any other statement runs as it is); on the embedded database, which runs one statement at a time, the
 * database's own run.
 */
export function registrationRun(database: DatabaseHandle): RunStatement {
  if (database.kind !== 'postgres') return database.run;
  let run = batchesOf.get(database);
  if (!run) {
    const batches = new RegistrationBatches(database.run);
    run = <Row>(statement: Statement, params: unknown[]) =>
      statement === INSERT_REGISTRATION_WITH_MAIL && batchable(params)
        ? (batches.insert(params) as Promise<Row[]>)
        : database.run<Row>(statement, params);
    batchesOf.set(database, run);
  }
  return run;
}
