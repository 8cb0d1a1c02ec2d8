import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database, RunStatement, Statement } from '../db/client.ts';
import { events, mobileProofs, smsOutbox } from '../db/schema/index.ts';
import type { SendResult } from './provider.ts';

export interface OutgoingSms {
  eventId: string;
  /** E.164 */
  to: string;
  kind: string;
  body: string;
  registrationId?: string | null;
  waitlistId?: string | null;
  /** Set off by an anonymous public action: within PUBLIC_ACTION_SMS_LIMIT per number. */
  publicAction?: boolean;
  /** A reminder or a bulk message: it waits for the event's sending hours. A reply to the entrant goes at once. */
  held?: boolean;
  /** A confirmation or receipt to an entrant with no email address: it goes even at the cap. */
  essential?: boolean;
  /** A limit of this kind per number, e.g. "send me my links": 1 an hour. */
  perNumber?: { max: number; seconds: number };
}

/** What the anonymous public actions may send one number, as PUBLIC_ACTION_MAIL_LIMIT for an address. */
export const PUBLIC_ACTION_SMS_LIMIT = { perNumber: 5, windowSeconds: 60 * 60 };

const LOCK_NUMBER: Statement = {
  name: 'sms_lock_number',
  text: `select pg_advisory_xact_lock(hashtext('sms-to:' || $1))`,
};

/** The Harare time the window of sendFrom–sendUntil next opens (now when it is open). */
const NEXT_SENDING_TIME = `(
  with harare as (select (now() at time zone 'Africa/Harare') as t,
    (e.sms->>'sendFrom')::time as opens, (e.sms->>'sendUntil')::time as closes)
  select case
    when t::time >= opens and t::time < closes then now()
    when t::time < opens then (t::date + opens) at time zone 'Africa/Harare'
    else (t::date + 1 + opens) at time zone 'Africa/Harare' end
  from harare)`;

/**
 * One statement: the message is queued only while the event's SMS are on, under its cap (an essential one
 * passes it), and within the number's limits. Messages that never reached the gateway do not count.
 */
const QUEUE_SMS: Statement = {
  name: 'sms_queue',
  text: `insert into sms_outbox (event_id, registration_id, waitlist_id, "to", kind, body, public_action, next_attempt_at)
    select e.id, $2::uuid, $3::uuid, $4, $5, $6, $7::boolean,
      case when $8::boolean then ${NEXT_SENDING_TIME} else now() end
    from events e
    where e.id = $1::uuid and coalesce((e.sms->>'enabled')::boolean, false) and e.sms_password_encrypted is not null
      and ($9::boolean or (select count(*) from sms_outbox o where o.event_id = e.id and o.status <> 'failed')
        < (e.sms->>'capPerEdition')::integer)
      and (not $7::boolean or (select count(*) from sms_outbox o where o."to" = $4 and o.public_action
        and o.created_at > now() - make_interval(secs => ${PUBLIC_ACTION_SMS_LIMIT.windowSeconds}))
        < ${PUBLIC_ACTION_SMS_LIMIT.perNumber})
      and ($10::integer is null or (select count(*) from sms_outbox o where o."to" = $4 and o.kind = $5
        and o.created_at > now() - make_interval(secs => $11::integer)) < $10::integer)
    returning id`,
};

/** Inside a transaction: queues the text unless a rule holds it back (see QUEUE_SMS); says whether it did. */
export async function queueSms(run: RunStatement, sms: OutgoingSms): Promise<boolean> {
  if (sms.publicAction || sms.perNumber) await run(LOCK_NUMBER, [sms.to]);
  const queued = await run(QUEUE_SMS, [
    sms.eventId,
    sms.registrationId ?? null,
    sms.waitlistId ?? null,
    sms.to,
    sms.kind,
    sms.body,
    sms.publicAction ?? false,
    sms.held ?? false,
    sms.essential ?? false,
    sms.perNumber?.max ?? null,
    sms.perNumber?.seconds ?? null,
  ]);
  return queued.length > 0;
}

/**
 * Claims what is due for this process (texts to send, delivery reports to ask for) by pushing its next attempt
 * out: a lease, so two servers never send one twice; a crash before recording the answer retries it later.
 */
export async function claimDueSms(db: Database, limit: number, leaseSeconds: number) {
  const due = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(inArray(smsOutbox.status, ['queued', 'accepted']), sql`${smsOutbox.nextAttemptAt} <= now()`))
    .orderBy(smsOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(smsOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(smsOutbox.id, due))
    .returning();
}

export async function markSmsAccepted(db: Database, id: number, gatewayId: string, checkInSeconds: number) {
  await db
    .update(smsOutbox)
    .set({
      status: 'accepted',
      gatewayId,
      sentAt: sql`now()`,
      attempts: sql`${smsOutbox.attempts} + 1`,
      lastError: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${checkInSeconds})`,
    })
    .where(eq(smsOutbox.id, id));
}

/**
 * The admin's test message, sent at once rather than queued, recorded with what the gateway answered: accepted
 * (counted against the cap, its delivery followed) or failed (never counted).
 */
export async function recordTestSms(
  db: Database,
  sms: { eventId: string; to: string; body: string },
  result: SendResult,
  checkInSeconds: number,
) {
  await db.insert(smsOutbox).values({
    eventId: sms.eventId,
    to: sms.to,
    kind: 'test',
    body: sms.body,
    attempts: 1,
    ...(result.ok
      ? {
          status: 'accepted' as const,
          gatewayId: result.gatewayId,
          sentAt: sql`now()`,
          nextAttemptAt: sql`now() + make_interval(secs => ${checkInSeconds})`,
        }
      : { status: 'failed' as const, lastError: result.reason }),
  });
}

/** A try that failed: again after `retryInSeconds`, or never (failed) when null. */
export async function markSmsFailed(db: Database, id: number, reason: string, retryInSeconds: number | null) {
  await db
    .update(smsOutbox)
    .set({
      attempts: sql`${smsOutbox.attempts} + 1`,
      lastError: reason,
      ...(retryInSeconds === null
        ? { status: 'failed' as const }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` }),
    })
    .where(eq(smsOutbox.id, id));
}

/** What the gateway said of its delivery: final (delivered or undelivered), or ask again after `checkInSeconds`. */
export async function markSmsDelivery(
  db: Database,
  id: number,
  report: { status: 'accepted' | 'delivered' | 'undelivered'; detail: string; checkInSeconds: number | null },
) {
  await db
    .update(smsOutbox)
    .set({
      status: report.status,
      deliveryDetail: report.detail,
      // Not asked about again: final, or 24 hours without a final word.
      nextAttemptAt:
        report.checkInSeconds === null
          ? sql`'infinity'::timestamptz`
          : sql`now() + make_interval(secs => ${report.checkInSeconds})`,
    })
    .where(eq(smsOutbox.id, id));
}

/** The texts counted against the edition's cap (all but those that never reached the gateway). */
export async function smsCountOfEdition(db: Database, eventId: string) {
  const [row] = await db
    .select({ sent: sql<number>`count(*)::integer` })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.eventId, eventId), sql`${smsOutbox.status} <> 'failed'`));
  return row?.sent ?? 0;
}

/**
 * Why texts are failing: the reason shared by the last FAILURE_STREAK tries, when none of them got through;
 * null otherwise.
 */
export async function smsFailing(db: Database, eventId: string, streak: number) {
  const tried = await db
    .select({ status: smsOutbox.status, lastError: smsOutbox.lastError })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.eventId, eventId), sql`${smsOutbox.attempts} > 0`))
    .orderBy(desc(smsOutbox.id))
    .limit(streak);
  const [first] = tried;
  const alike = tried.every(
    (row) => (row.status === 'queued' || row.status === 'failed') && row.lastError === first?.lastError,
  );
  return tried.length === streak && alike ? (first?.lastError ?? null) : null;
}

/** The newest texts first, for /Outbox: never their bodies (they hold private links). */
export async function recentSms(db: Database, limit: number) {
  const rows = await db
    .select({
      id: smsOutbox.id,
      to: smsOutbox.to,
      kind: smsOutbox.kind,
      status: smsOutbox.status,
      createdAt: smsOutbox.createdAt,
      sentAt: smsOutbox.sentAt,
      attempts: smsOutbox.attempts,
      deliveryDetail: smsOutbox.deliveryDetail,
      lastError: smsOutbox.lastError,
    })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}

/** The texts about one entry, oldest first, for its history. */
export async function smsOfEntry(db: Database, registrationId: string) {
  return db
    .select({
      kind: smsOutbox.kind,
      to: smsOutbox.to,
      status: smsOutbox.status,
      createdAt: smsOutbox.createdAt,
      sentAt: smsOutbox.sentAt,
      deliveryDetail: smsOutbox.deliveryDetail,
      lastError: smsOutbox.lastError,
    })
    .from(smsOutbox)
    .where(eq(smsOutbox.registrationId, registrationId))
    .orderBy(smsOutbox.id);
}

/** As mail: bodies go a week after sending, records after 90 days; the codes proving a number after a day. */
export async function purgeOldSms(db: Database) {
  await db.delete(mobileProofs).where(lt(mobileProofs.createdAt, sql`now() - interval '1 day'`));
  await db
    .update(smsOutbox)
    .set({ body: null })
    .where(and(lt(smsOutbox.createdAt, sql`now() - interval '7 days'`), isNotNull(smsOutbox.body)));
  await db.delete(smsOutbox).where(lt(smsOutbox.createdAt, sql`now() - interval '90 days'`));
}

/** The event's SMS account as stored (its password still encrypted). */
export async function smsAccountOf(db: Database, eventId: string) {
  const [row] = await db
    .select({ settings: events.sms, passwordEncrypted: events.smsPasswordEncrypted })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** A text of a bulk message (issue 39), for queueHeldTexts. */
export interface HeldText {
  to: string;
  body: string;
  registrationId?: string | null;
  waitlistId?: string | null;
}

/**
 * Many texts of one kind in one statement, held for the event's sending hours, as far as its cap allows (in
 * the order given) while its SMS are on. Answers the ids queued by the entry or waitlist place each is about.
 */
export async function queueHeldTexts(run: RunStatement, eventId: string, kind: string, texts: HeldText[]) {
  if (texts.length === 0) return new Map<string, number>();
  const rows = await run<{ id: string | number; about: string }>(QUEUE_HELD_TEXTS, [
    eventId,
    kind,
    JSON.stringify(
      texts.map((text, index) => ({
        n: index + 1,
        to: text.to,
        body: text.body,
        registration_id: text.registrationId ?? null,
        waitlist_id: text.waitlistId ?? null,
      })),
    ),
  ]);
  return new Map(rows.map((row) => [row.about, Number(row.id)]));
}

// The room under the cap is counted once, in its own CTE: in the WHERE clause PostgreSQL counted the outbox
// again for every text (5,000 texts over 7,500 queued took 5 s instead of 60 ms).
const QUEUE_HELD_TEXTS: Statement = {
  name: 'sms_queue_held_texts',
  text: `insert into sms_outbox (event_id, registration_id, waitlist_id, "to", kind, body, next_attempt_at)
    with edition as materialized (
      select e.id, ${NEXT_SENDING_TIME} as next_attempt_at, (e.sms->>'capPerEdition')::integer
          - (select count(*) from sms_outbox o where o.event_id = e.id and o.status <> 'failed') as room
        from events e
        where e.id = $1::uuid and coalesce((e.sms->>'enabled')::boolean, false) and e.sms_password_encrypted is not null)
    select edition.id, t.registration_id, t.waitlist_id, t."to", $2, t.body, edition.next_attempt_at
    from edition, jsonb_to_recordset($3::jsonb) as t(n integer, "to" text, body text, registration_id uuid, waitlist_id uuid)
    where t.n <= edition.room
    returning id, coalesce(registration_id, waitlist_id)::text as about`,
};
