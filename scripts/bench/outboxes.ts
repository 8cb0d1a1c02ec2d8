/** The outboxes of the bench's own database, read and steered directly (the messages part). */
import type pg from 'pg';

export type Query = <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;

export interface Outboxes {
  /** Message mails and texts queued after these ids belong to the run being measured. */
  mailAfter: number;
  smsAfter: number;
}

export interface DrainSample {
  seconds: number;
  /** All message rows ever sent, for the rates. */
  mailsSent: number;
  smsSent: number;
  /** The last run's rows not sent yet. */
  mailsLeft: number;
  smsLeft: number;
  smsFailed: number;
}

export async function lastIds(query: Query): Promise<Outboxes> {
  const [row] = await query<{ mail: string; sms: string }>(
    `select (select coalesce(max(id), 0) from mail_outbox) as mail,
            (select coalesce(max(id), 0) from sms_outbox) as sms`,
  );
  return { mailAfter: Number(row?.mail ?? 0), smsAfter: Number(row?.sms ?? 0) };
}

export async function queuedAfter(query: Query, { mailAfter, smsAfter }: Outboxes) {
  const [row] = await query<{ mails: string; sms: string }>(
    `select (select count(*) from mail_outbox where kind = 'message' and id > $1) as mails,
            (select count(*) from sms_outbox where kind = 'message' and id > $2) as sms`,
    [mailAfter, smsAfter],
  );
  return { mails: Number(row?.mails ?? 0), sms: Number(row?.sms ?? 0) };
}

/**
 * Before the next run: the texts still queued are held (the gateway's pace would keep them going for
 * minutes), and the mails, which the dev outbox sends in seconds, are waited for.
 */
export async function quieten(query: Query) {
  await holdTexts(query);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [row] = await query<{ left: string }>(
      `select count(*) as left from mail_outbox where kind = 'message' and sent_at is null`,
    );
    if (Number(row?.left) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The dev outbox did not send the message mails within 30 s');
}

/** The message texts still queued wait for ever (the bench's own database only). */
export async function holdTexts(query: Query) {
  await query(
    `update sms_outbox set next_attempt_at = 'infinity' where kind = 'message' and status = 'queued'`,
  );
}

/** The outboxes sampled every `everyMs` until stopped; seconds count from the start. */
export function sampleDrain(query: Query, { mailAfter, smsAfter }: Outboxes, everyMs: number) {
  const started = performance.now();
  const samples: DrainSample[] = [];
  const take = async () => {
    const [row] = await query<Record<keyof Omit<DrainSample, 'seconds'>, string>>(
      `select
         (select count(*) from mail_outbox where kind = 'message' and sent_at is not null) as "mailsSent",
         (select count(*) from sms_outbox where kind = 'message' and sent_at is not null) as "smsSent",
         (select count(*) from mail_outbox where kind = 'message' and id > $1 and sent_at is null) as "mailsLeft",
         (select count(*) from sms_outbox where kind = 'message' and id > $2 and status = 'queued') as "smsLeft",
         (select count(*) from sms_outbox where kind = 'message' and status = 'failed') as "smsFailed"`,
      [mailAfter, smsAfter],
    );
    samples.push({
      seconds: (performance.now() - started) / 1000,
      mailsSent: Number(row?.mailsSent),
      smsSent: Number(row?.smsSent),
      mailsLeft: Number(row?.mailsLeft),
      smsLeft: Number(row?.smsLeft),
      smsFailed: Number(row?.smsFailed),
    });
  };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await take();
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await take();
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return samples;
    },
  };
}

/** The message texts by state, for the details. */
export function textStates(query: Query) {
  return query(
    `select status, next_attempt_at = 'infinity' as held, next_attempt_at <= now() as due, attempts,
            last_error, count(*)::int as count
       from sms_outbox where kind = 'message' group by 1, 2, 3, 4, 5 order by 6 desc`,
  );
}
