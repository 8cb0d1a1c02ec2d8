import type * as z from 'zod/mini';
import type {
  Edition,
  EventSettings,
  EventSettingsInputSchema,
  NewEditionInputSchema,
  RacesInputSchema,
} from '../../../shared/event-settings/event-settings.ts';
import { missingForPublishing } from '../../../shared/event-settings/readiness.ts';
import type { ZwgRateInputSchema } from '../../../shared/event-settings/zwg-rate-settings.ts';
import { overlappingRanges } from '../../../shared/participants/bibs.ts';
import type { RetentionSettings, RetentionSettingsInputSchema } from '../../../shared/privacy/retention.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict } from '../../http/problem.ts';
import { type AuditActor, recordAudit } from '../audit-log/service.ts';
import { eventFieldsOf, getCurrentEvent, privacyNoticeOf, racesWithPlaces } from '../events/service.ts';
import { mailNextYearList } from '../next-year/service.ts';
import {
  archiveEvent,
  deleteRaces,
  findEditionClashing,
  firstRaceWithEntries,
  firstRaceWithWaitlist,
  insertEvent,
  insertRace,
  listEditions,
  listRaceRows,
  racesNotIn,
  restartReferenceNumbers,
  updateEvent,
  updateRace,
} from './repository.ts';

export async function eventSettings(context: AppContext): Promise<EventSettings> {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  const races = await racesWithPlaces(db, event.id);
  return {
    ...eventFieldsOf(event),
    tshirtChangesUntil: event.tshirtChangesUntil,
    transfersAllowed: event.transfersAllowed,
    transfersUntil: event.transfersUntil,
    transferFeeUsd: event.transferFeeUsd,
    transferFeeZwg: event.transferFeeZwg,
    waitlistOfferHours: event.waitlistOfferHours,
    walkUpBibBlock: event.walkUpBibBlock,
    reminderDaysAfter: event.reminderDaysAfter,
    reminderDaysBeforeClose: event.reminderDaysBeforeClose,
    racePackDaysBefore: event.racePackDaysBefore,
    whatToBring: event.whatToBring,
    referencePrefix: event.referencePrefix,
    descriptionMarkdown: event.descriptionMarkdown,
    zwgFollowsRate: event.zwgFollowsRate,
    zwgRate: event.zwgRate,
    zwgRateDate: event.zwgRateDate,
    zwgRateKind: event.zwgRateKind,
    zwgRoundTo: event.zwgRoundTo,
    quoteHonourDays: event.quoteHonourDays,
    races: races.map(({ race, taken }) => ({
      id: race.id,
      discipline: race.discipline,
      label: race.label,
      capacity: race.capacity,
      feeUsd: race.feeUsd,
      feeZwg: race.feeZwg,
      startTime: race.startTime,
      bibFrom: race.bibFrom,
      bibTo: race.bibTo,
      taken,
    })),
  };
}

/**
 * Saves the settings. Changed terms get a new version, and so does a changed privacy notice, so later
 * entries and accounts record which text was given. The notice counts as changed when what /Privacy shows
 * changes: the admin's text, or the standard notice as the contact phone fills it in.
 */
export async function saveEventSettings(
  context: AppContext,
  input: z.output<typeof EventSettingsInputSchema>,
  actor: AuditActor,
) {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  const { privacyText: sentNotice, descriptionMarkdown, ...settings } = input;
  const termsChanged = settings.termsText !== event.termsText;
  const saved = { ...event, ...settings };
  let privacyText = sentNotice === undefined ? event.privacyText : sentNotice;
  // The standard notice sent back unchanged stays the standard one, which follows the settings by itself.
  if (privacyText !== null && privacyText === privacyNoticeOf({ ...saved, privacyText: null })) {
    privacyText = null;
  }
  const noticeChanged = privacyNoticeOf({ ...saved, privacyText }) !== privacyNoticeOf(event);
  const descriptionHtml =
    descriptionMarkdown === undefined ? undefined : await descriptionHtmlOf(descriptionMarkdown);
  await db.transaction(async (tx) => {
    await updateEvent(tx, event.id, {
      ...settings,
      registrationClosesAt: settings.registrationClosesAt ? new Date(settings.registrationClosesAt) : null,
      termsVersion: termsChanged ? event.termsVersion + 1 : event.termsVersion,
      privacyText,
      privacyVersion: noticeChanged ? event.privacyVersion + 1 : event.privacyVersion,
      ...(descriptionMarkdown === undefined ? {} : { descriptionMarkdown, descriptionHtml }),
    });
    await auditSettings(tx, actor, event.id, 'event', changedKeys(event, input));
  });
  return eventSettings(context);
}

/** Saves how ZWG fees are set (issue 42 §1): at the official rate or fixed, the rate, rounding and quotes. */
export async function saveZwgRate(
  context: AppContext,
  input: z.output<typeof ZwgRateInputSchema>,
  actor: AuditActor,
) {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  await db.transaction(async (tx) => {
    await updateEvent(tx, event.id, input);
    await auditSettings(tx, actor, event.id, 'ZWG rate', changedKeys(event, input));
  });
  return eventSettings(context);
}

/** Which settings an input changes (their names: the values are in the settings themselves). */
function changedKeys(before: object, input: object) {
  const old = before as Record<string, unknown>;
  return Object.entries(input)
    .filter(([key, value]) => {
      const was = old[key] instanceof Date ? (old[key] as Date).toISOString() : old[key];
      const now = key === 'registrationClosesAt' && value ? new Date(value as string).toISOString() : value;
      return JSON.stringify(was ?? null) !== JSON.stringify(now ?? null);
    })
    .map(([key]) => key);
}

/** A change of the event's settings in the audit trail, in the change's transaction. */
const auditSettings = (
  tx: Database,
  actor: AuditActor,
  eventId: string,
  section: string,
  changed?: string[],
) =>
  recordAudit(tx, actor, {
    action: 'event-settings.update',
    subject: `event ${eventId}`,
    details: { section, ...(changed ? { changed } : {}) },
  });

/**
 * Opens the draft edition to the public, once nothing it needs is missing (readiness.ts: the dashboard shows the
 * same list), and mails the addresses given for an earlier edition ("Tell me about next year") in the same
 * transaction. Publishing a published edition changes nothing.
 */
export async function publishEdition(context: AppContext, actor: AuditActor) {
  const mailed = await context.database.db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    if (event.publishedAt !== null) return 0;
    const missing = missingForPublishing({
      ...event,
      registrationClosesAt: event.registrationClosesAt?.toISOString() ?? null,
      races: await listRaceRows(tx, event.id),
    });
    if (missing.length > 0) {
      const list = missing.map((item) => item.label.charAt(0).toLowerCase() + item.label.slice(1));
      throw conflict(`Before publishing, set ${list.join('; ')}.`, 'not_ready');
    }
    await updateEvent(tx, event.id, { publishedAt: new Date() });
    await auditSettings(tx, actor, event.id, 'publish');
    return mailNextYearList(tx, event, context.links.site);
  });
  if (mailed > 0) context.mailer.kick();
  return eventSettings(context);
}

/** Replaces the race list: new ones are added, listed ones updated, missing ones removed if nobody entered them. */
export async function saveRaces(
  context: AppContext,
  input: z.output<typeof RacesInputSchema>,
  actor: AuditActor,
) {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  const seen = new Set<string>();
  for (const race of input.races) {
    const key = `${race.discipline}:${race.label.toLowerCase()}`;
    if (seen.has(key)) throw badRequest(`There are two ${race.label} races for the same discipline.`);
    seen.add(key);
  }
  const current = new Map(
    (await racesWithPlaces(db, event.id)).map(({ race, taken }) => [race.id, { race, taken }]),
  );
  for (const race of input.races) {
    const existing = race.id ? current.get(race.id) : undefined;
    if (existing && existing.race.discipline !== race.discipline && existing.taken > 0) {
      throw conflict(
        `The ${existing.race.label} race has entries, so it cannot move to the other discipline.`,
      );
    }
  }
  await db.transaction(async (tx) => {
    const keptIds = input.races.flatMap((race) => (race.id ? [race.id] : []));
    const removedIds = await racesNotIn(tx, event.id, keptIds);
    if (removedIds.length) {
      const used = await firstRaceWithEntries(tx, removedIds);
      if (used)
        throw conflict(`The ${used.label} race has entries (active or cancelled), so it cannot be removed.`);
      const waited = await firstRaceWithWaitlist(tx, removedIds);
      if (waited) throw conflict(`The ${waited.label} race has a waitlist, so it cannot be removed.`);
      await deleteRaces(tx, removedIds);
    }
    // Labels may swap between races: move every kept one out of the way of the unique index first.
    for (const id of keptIds) await updateRace(tx, event.id, id, { label: `~${id}` });
    for (const [index, race] of input.races.entries()) {
      const values = {
        discipline: race.discipline,
        label: race.label,
        capacity: race.capacity,
        feeUsd: race.feeUsd,
        feeZwg: race.feeZwg,
        startTime: race.startTime,
        ...(race.bibFrom !== undefined ? { bibFrom: race.bibFrom } : {}),
        ...(race.bibTo !== undefined ? { bibTo: race.bibTo } : {}),
        sortOrder: index,
      };
      if (!race.id) await insertRace(tx, event.id, values);
      else if (!(await updateRace(tx, event.id, race.id, values))) {
        throw badRequest(`Race ${race.label} is not one of this event's races.`);
      }
    }
    // Ranges left out kept their stored values, so the rule is checked again on what is now saved.
    const saved = await listRaceRows(tx, event.id);
    const [overlap] = overlappingRanges(saved);
    if (overlap) {
      const race = saved[overlap.index];
      const other = saved[overlap.other];
      throw badRequest('Please check the races.', [
        {
          path: `races.${input.races.findIndex((r) => r.label === race?.label && r.discipline === race?.discipline)}.bibFrom`,
          message: `These bibs overlap the ${other?.label ?? 'other'} race's`,
        },
      ]);
    }
    // A raised capacity frees places: the waitlist offers them at once.
    for (const race of saved) await context.signals.placeFreed.send(tx, { raceId: race.id });
    await auditSettings(tx, actor, event.id, 'races');
  });
  return eventSettings(context);
}

export async function setEventImage(
  context: AppContext,
  kind: 'background' | 'logo',
  url: string,
  actor: AuditActor,
) {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  await db.transaction(async (tx) => {
    await updateEvent(tx, event.id, kind === 'background' ? { backgroundImage: url } : { logoImage: url });
    await auditSettings(tx, actor, event.id, kind === 'background' ? 'background image' : 'logo');
  });
  return eventSettings(context);
}

export async function editions(context: AppContext): Promise<Edition[]> {
  const { db } = context.database;
  return (await listEditions(db)).map((edition) => ({
    ...edition,
    archivedAt: edition.archivedAt?.toISOString() ?? null,
    entries: Number(edition.entries),
  }));
}

/**
 * A new edition from the current one: its settings, races (capacities, fees, start times), sizes, payment
 * options and texts, each mention of the old year in the texts changed to the new one. The old edition is
 * archived (kept, read-only, with its entries) and the new one takes registrations at once, numbered
 * from 0001 under its own prefix. Its date and closing time are left for the organisers to set.
 */
export async function startNewEdition(
  context: AppContext,
  input: z.output<typeof NewEditionInputSchema>,
  actor: AuditActor,
) {
  const { db } = context.database;
  const slug = `celebration-fun-run-${input.year}`;
  const started = db.transaction(async (tx) => {
    const current = await getCurrentEvent(tx);
    const clash = await findEditionClashing(tx, { year: input.year, slug, prefix: input.referencePrefix });
    if (clash) {
      throw conflict(
        clash.referencePrefix === input.referencePrefix
          ? `The ${clash.year} edition already uses the prefix ${input.referencePrefix}: choose another.`
          : `There is already a ${input.year} edition.`,
      );
    }
    const newYear = (text: string) => text.replaceAll(String(current.year), String(input.year));
    const races = await listRaceRows(tx, current.id);
    await archiveEvent(tx, current.id);
    const eventId = await insertEvent(tx, {
      slug,
      isCurrent: true,
      year: input.year,
      title: newYear(current.title),
      subtitle: newYear(current.subtitle),
      greeting: newYear(current.greeting),
      contactPhone: current.contactPhone,
      referencePrefix: input.referencePrefix,
      backgroundImage: current.backgroundImage,
      backgroundAlt: current.backgroundAlt,
      logoImage: current.logoImage,
      descriptionMarkdown: newYear(current.descriptionMarkdown),
      descriptionHtml: await descriptionHtmlOf(newYear(current.descriptionMarkdown)),
      termsText: newYear(current.termsText),
      termsVersion: 1,
      privacyText: current.privacyText === null ? null : newYear(current.privacyText),
      privacyVersion: 1,
      entryRetentionDays: current.entryRetentionDays,
      programmeRetentionDays: current.programmeRetentionDays,
      registrationClosesAt: null,
      eventDate: null,
      tshirtChangesUntil: null,
      transfersAllowed: current.transfersAllowed,
      transfersUntil: null,
      transferFeeUsd: current.transferFeeUsd,
      transferFeeZwg: current.transferFeeZwg,
      // A new edition's ZWG fees follow the official rate; the last rate is kept for the admin to update.
      zwgFollowsRate: true,
      zwgRate: current.zwgRate,
      zwgRateDate: current.zwgRateDate,
      zwgRateKind: current.zwgRateKind,
      zwgRoundTo: current.zwgRoundTo,
      quoteHonourDays: current.quoteHonourDays,
      venue: current.venue,
      payment: current.payment,
      tshirtSizes: current.tshirtSizes,
    });
    for (const { id: _id, eventId: _eventId, ...race } of races) await insertRace(tx, eventId, race);
    await restartReferenceNumbers(tx);
    await auditSettings(tx, actor, eventId, 'new edition', ['year', 'referencePrefix']);
  });
  await started.catch((error: unknown) => {
    // Two admins starting the same edition at once: the second finds it there.
    if (uniqueViolation(error)) throw conflict(`There is already a ${input.year} edition.`);
    throw error;
  });
  return eventSettings(context);
}

export async function retentionSettings(context: AppContext): Promise<RetentionSettings> {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  return {
    entryRetentionDays: event.entryRetentionDays,
    programmeRetentionDays: event.programmeRetentionDays,
  };
}

/** Saves the two retention periods of the current event, recorded in the audit trail with what they were. */
export async function saveRetentionSettings(
  context: AppContext,
  actor: AuditActor,
  input: z.output<typeof RetentionSettingsInputSchema>,
) {
  const { db } = context.database;
  await db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    await updateEvent(tx, event.id, input);
    await recordAudit(tx, actor, {
      action: 'event-settings.retention',
      subject: `event ${event.year}`,
      details: {
        from: {
          entryRetentionDays: event.entryRetentionDays,
          programmeRetentionDays: event.programmeRetentionDays,
        },
        to: input,
      },
    });
  });
  return retentionSettings(context);
}

/** The Markdown parser and the sanitiser load when a description is saved, not with every server (issue 44). */
async function descriptionHtmlOf(descriptionMarkdown: string) {
  const description = await import('./description.ts');
  return description.descriptionHtmlOf(descriptionMarkdown);
}
