import { formatShortDate, harareToday } from '../../../shared/dates.ts';
import type { NewYearPreview } from '../../../shared/programme-settings/programme-settings.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../http/problem.ts';
import { type AuditActor, recordAudit } from '../audit-log/service.ts';
import { insertProgrammeYear, lockProgrammeYears, thisYearAndLastDate } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 52 weeks: a year on, on the same weekday (the sessions are on Saturdays; a calendar year moves them). */
const YEAR_ON_DAYS = 364;

/**
 * The new year's sessions if its first session is on `firstOn` (the suggested day when not given): this
 * year's, each moved by the same number of days, so the spacing stays. Refused (with the reason) when there
 * is nothing to copy or the first day is not after the last session planned, which is also what stops the
 * same year being started twice.
 */
async function planNewYear(db: Database, firstOn: string | undefined): Promise<NewYearPreview> {
  const { sessions, lastHeldOn } = await thisYearAndLastDate(db);
  const first = sessions[0];
  const last = sessions.at(-1);
  if (!first || !last || !lastHeldOn) {
    return {
      suggestedFirstOn: null,
      thisYear: null,
      firstOn: firstOn ?? null,
      sessions: [],
      refusal: 'There are no sessions to copy. Add this year’s sessions first.',
    };
  }
  // A year on, or as many years as it takes for the day to come after the last session and not be past.
  let suggested = dayNumber(first.heldOn) + YEAR_ON_DAYS;
  const today = dayNumber(harareToday());
  while (suggested <= dayNumber(lastHeldOn) || suggested < today) suggested += YEAR_ON_DAYS;
  const chosen = firstOn ?? isoDay(suggested);
  const offset = dayNumber(chosen) - dayNumber(first.heldOn);
  return {
    suggestedFirstOn: isoDay(suggested),
    thisYear: { from: first.heldOn, to: last.heldOn, sessions: sessions.length },
    firstOn: chosen,
    sessions: sessions.map((session) => ({
      name: session.name,
      heldOn: isoDay(dayNumber(session.heldOn) + offset),
      startTime: session.startTime,
      place: session.place,
    })),
    refusal:
      chosen > lastHeldOn
        ? null
        : `Sessions are planned up to ${formatShortDate(lastHeldOn)}: the new year’s first session must come after that day. If this year was started already, its sessions are in the list.`,
  };
}

export const previewNewYear = ({ database }: AppContext, firstOn: string | undefined) =>
  planNewYear(database.db, firstOn);

/**
 * Starts the new programme year: this year's sessions copied with their dates moved, Not Active until an
 * admin opens them. Nothing of earlier years is changed: their sessions, registrations and attendance stay.
 */
export async function startNewYear({ database }: AppContext, firstOn: string, actor: AuditActor) {
  return database.db.transaction(async (tx) => {
    await lockProgrammeYears(tx);
    const plan = await planNewYear(tx, firstOn);
    if (plan.refusal) throw conflict(plan.refusal);
    const created = await insertProgrammeYear(tx, firstOn, actor?.id ?? null, plan.sessions);
    await recordAudit(tx, actor, {
      action: 'programme-settings.year.start',
      subject: `programme year ${firstOn}`,
      rowCount: created.length,
      details: { copiedFrom: plan.thisYear?.from },
    });
    return { startsOn: firstOn, created };
  });
}
