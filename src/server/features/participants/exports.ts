import type { CurrentUser } from '../../../shared/accounts/account.ts';
import { DISCIPLINES } from '../../../shared/events/event-display.ts';
import type { ParticipantListQuery } from '../../../shared/participants/participants.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { exportedBy } from '../../http/exported-by.ts';
import { notFound } from '../../http/problem.ts';
import { getCurrentEvent } from '../events/service.ts';
import { raceName } from './bibs.ts';
import { participantsCsv } from './export-csv.ts';
import {
  countInRace,
  countParticipants,
  findRaceOfEvent,
  participantBatches,
  startListBatches,
} from './repository.ts';
import { editionOf } from './service.ts';
import { startListCsv, timingCsv } from './start-list-csv.ts';

export async function participantsCsvExport(
  { database }: AppContext,
  query: ParticipantListQuery,
  exporter: CurrentUser,
) {
  const event = await editionOf(database.db, query);
  return participantsCsv(participantBatches(database.db, event.id, query), exportedBy(exporter.name));
}

export async function participantsPdfExport(
  { database }: AppContext,
  query: ParticipantListQuery,
  exporter: CurrentUser,
) {
  const { db } = database;
  const event = await editionOf(db, query);
  // One section per discipline, which the PDF shows as a band instead of a column.
  const disciplines = query.discipline ? [query.discipline] : DISCIPLINES;
  const sections = await Promise.all(
    disciplines.map(async (discipline) => {
      const filter = { ...query, discipline };
      return {
        discipline,
        total: await countParticipants(db, event.id, filter),
        // Read a few hundred rows at a time: a batch is read and mapped in one go (PGlite even runs the query on the
        // server's own thread), and 5,000 rows held the loop for 100 ms while others registered (issue 44).
        batches: participantBatches(db, event.id, filter, database.kind === 'pglite' ? 200 : 1000),
      };
    }),
  );
  // pdfkit and its fonts load on the first export, not with every server (issue 15).
  const { describeFilter, participantsPdf } = await import('./export-pdf.ts');
  return participantsPdf(
    {
      title: `${event.title}${event.isCurrent ? '' : ` ${event.year}`} Participants`,
      filters: describeFilter(query),
      total: sections.reduce((sum, section) => sum + section.total, 0),
      exportedBy: exportedBy(exporter.name),
    },
    sections,
  );
}

async function currentRace(db: Database, raceId: string) {
  const event = await getCurrentEvent(db);
  const race = await findRaceOfEvent(db, event.id, raceId);
  if (!race) throw notFound('There is no such race.');
  return { event, race };
}

/** A race's start list: its entries that are not cancelled, by surname, for race morning. */
export async function raceStartListPdf({ database }: AppContext, raceId: string, exporter: CurrentUser) {
  const { db } = database;
  const { event, race } = await currentRace(db, raceId);
  const total = await countInRace(db, race.id);
  const { startListPdf } = await import('./start-list-pdf.ts');
  const discipline = race.discipline === 'run' ? 'Runners' : 'Cyclists';
  return {
    fileName: `FunRun_StartList_${discipline}_${race.label}.pdf`.replace(/[^\w.-]+/g, '_'),
    rowCount: total,
    pdf: startListPdf(
      {
        event: event.title,
        race: `${discipline} ${race.label}`,
        total,
        exportedBy: exportedBy(exporter.name),
      },
      startListBatches(db, race.id),
    ),
  };
}

/** The same start list as CSV for a timing company (bib, names, gender, age, age group, race, reference). */
export async function raceStartListCsv({ database }: AppContext, raceId: string, exporter: CurrentUser) {
  const { db } = database;
  const { race } = await currentRace(db, raceId);
  const name = raceName(race);
  return {
    fileName: `FunRun_StartList_${name}.csv`.replace(/[^\w.-]+/g, '_'),
    rowCount: await countInRace(db, race.id),
    csv: startListCsv(name, startListBatches(db, race.id), exportedBy(exporter.name)),
  };
}

/** The start list for timing software: the header on the first line, the age group as its category. */
export async function raceTimingCsv({ database }: AppContext, raceId: string) {
  const { db } = database;
  const { race } = await currentRace(db, raceId);
  const name = raceName(race);
  return {
    fileName: `FunRun_Timing_${name}.csv`.replace(/[^\w.-]+/g, '_'),
    rowCount: await countInRace(db, race.id),
    csv: timingCsv(name, startListBatches(db, race.id)),
  };
}

/** Any edition's entry: an earlier one's is read here, and changed nowhere (the changes look in the current one). */
