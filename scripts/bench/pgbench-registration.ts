import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Statement } from '../../src/server/db/client.ts';
import {
  insertRegistrationWithMail,
  type NewRegistration,
  REFERENCE_PLACEHOLDER,
} from '../../src/server/features/registrations/repository.ts';
import type { OutgoingMail } from '../../src/server/mail/repository.ts';
import { figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { PGBENCH_CLIENTS, pgbenchArgs, runPgbench } from './pgbench.ts';
import { makeTempDir } from './processes.ts';

export const PGBENCH_REGISTRATION: MeasurementSpec = {
  id: 'pgbench-registration',
  title: "PostgreSQL alone: the registration's own statement (pgbench, report only)",
  method:
    `pgbench -M prepared -c ${PGBENCH_CLIENTS} with the statement the server sends for each registration ` +
    '(the entry, its private link and its confirmation mail, with every trigger and index of the real schema), ' +
    "built by the app's own insertRegistrationWithMail from the last entry and mail of the bench's run, in the " +
    "app's bench database after its server stopped; each transaction a new person (name, email, keys and codes " +
    'made distinct by a random suffix). It shows what the database alone does with a registration, next to ' +
    'the single-row insert the goal is set against. Report only.',
};

type EntryRow = NewRegistration & { reference: string; revision: number; referencePrefix: string };

interface BenchEntry {
  values: NewRegistration;
  mail: OutgoingMail & { reference: string };
  revision: number;
  referencePrefix: string;
}

/** The app's database after its registration run: one of its entries is the model for every transaction. */
export async function measurePgbenchRegistration(
  appDatabaseUrl: string,
  figuresToCompare: { singleRowTps?: number; registrationsPerSecond?: number },
): Promise<MeasurementResult> {
  const model = await lastBenchEntry(appDatabaseUrl);
  if (!model)
    return {
      figures: [],
      notes: ['No registration from the bench run to model the statement on.'],
      details: null,
    };
  const scriptFile = path.join(makeTempDir('bench-pgbench-registration-'), 'registration.sql');
  writeFileSync(scriptFile, await pgbenchScript(model));

  const run = await runPgbench(['-M', 'prepared', ...pgbenchArgs(appDatabaseUrl, scriptFile)]);
  const figures = [figure("pgbench, the registration's statement", Math.round(run.tps), 'tps')];
  const { singleRowTps, registrationsPerSecond } = figuresToCompare;
  if (singleRowTps)
    figures.push(
      figure("the registration's statement ÷ pgbench single-row insert", run.tps / singleRowTps, '×'),
    );
  if (registrationsPerSecond) {
    figures.push(
      figure("POST on PostgreSQL ÷ the registration's statement", registrationsPerSecond / run.tps, '×'),
    );
  }
  return { figures, notes: run.notes, details: run.details };
}

async function lastBenchEntry(databaseUrl: string): Promise<BenchEntry | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const entries = await client.query<EntryRow>(
      `select r.event_id as "eventId", r.discipline, r.race_option_id as "raceOptionId", r.reference,
         r.first_name as "firstName", r.last_name as "lastName", r.email, r.mobile,
         r.next_of_kin_mobile as "nextOfKinMobile", r.age, r.gender, r.tshirt_size as "tshirtSize",
         r.terms_version as "termsVersion", r.consented_at as "consentedAt", r.idempotency_key as "idempotencyKey",
         r.request_digest as "requestDigest", r.listed_in_search as "listedInSearch",
         r.show_in_results as "showInResults", r.notify_by as "notifyBy", r.check_in_code as "checkInCode",
         r.privacy_version as "privacyVersion", r.quoted_at as "quotedAt", r.quote_usd as "quoteUsd",
         r.quote_zwg as "quoteZwg", r.quote_rate as "quoteRate", r.quote_rate_date::text as "quoteRateDate",
         e.revision, e.reference_prefix as "referencePrefix"
       from registrations r join events e on e.id = r.event_id
       where r.idempotency_key like 'bench-%' order by r.created_at desc limit 1`,
    );
    const row = entries.rows[0];
    if (!row) return undefined;
    const mails = await client.query(
      `select "to", subject, text, attachments from mail_outbox
       where "to" = $1 and kind = 'registration-confirmation' order by id desc limit 1`,
      [row.email],
    );
    const mail = mails.rows[0];
    if (!mail) return undefined;
    // As for the single-row insert: no dirty pages left over from the app's run.
    await client.query('checkpoint');
    const { reference, revision, referencePrefix, ...values } = row;
    return { values, mail: { ...mail, reference }, revision, referencePrefix };
  } finally {
    await client.end();
  }
}

/**
 * The app's statement with its parameters written in: pgbench's prepared mode makes `:r` (a random number per
 * transaction) its one parameter, appended to every value that must differ from one entry to the next.
 */
async function pgbenchScript({ values, mail, revision, referencePrefix }: BenchEntry) {
  const sent: { statement?: Statement; params?: unknown[] } = {};
  const capture = async <Row>(statement: Statement, params: unknown[]): Promise<Row[]> => {
    Object.assign(sent, { statement, params });
    return [];
  };
  const withPlaceholder = (text: string) => text.split(mail.reference).join(REFERENCE_PLACEHOLDER);
  const linkDigest = 'bench-link-digest';
  await insertRegistrationWithMail(
    capture,
    values,
    { revision, referencePrefix },
    { ...mail, subject: withPlaceholder(mail.subject), text: withPlaceholder(mail.text), publicAction: true },
    linkDigest,
  );
  if (!sent.statement || !sent.params) throw new Error('insertRegistrationWithMail sent no statement');
  const distinct = new Set(
    [
      values.lastName,
      values.email,
      values.idempotencyKey,
      values.requestDigest,
      values.checkInCode,
      linkDigest,
      mail.to,
    ].filter((value) => typeof value === 'string'),
  );
  const literal = (value: unknown) => {
    if (value === null || value === undefined) return 'null';
    const quoted = `'${String(value).replaceAll("'", "''")}'`;
    return distinct.has(String(value)) ? `(${quoted} || :r)` : quoted;
  };
  const params = sent.params;
  const sql = sent.statement.text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  return `\\set r random(1, 9000000000000000000)\n${sql.trim()};\n`;
}
