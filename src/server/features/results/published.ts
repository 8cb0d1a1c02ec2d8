import { ageGroup } from '../../../shared/participants/age-groups.ts';
import { offersPublicCertificate } from '../../../shared/results/certificate.ts';
import { formatFinishTime } from '../../../shared/results/finish-time.ts';
import {
  type MyResult,
  type PublishedResult,
  type PublishedResults,
  type PublishedResultsQuery,
  RESULTS_PAGE_SIZE,
} from '../../../shared/results/published.ts';
import { resultName } from '../../../shared/results/result-name.ts';
import type { AppContext } from '../../context.ts';
import { getCurrentEvent } from '../events/service.ts';
import { raceOfResult, racesOf, racesWithResults, resultsOfRace } from './repository.ts';

type RaceRow = Awaited<ReturnType<typeof resultsOfRace>>[number];
export type PlacedResult = PublishedResult & { registrationId: string };

/** A race's results with each finisher's places: overall, in his gender, in his gender's age group. */
export function placed(rows: RaceRow[]): PlacedResult[] {
  let overall = 0;
  const counts = new Map<string, number>();
  const next = (key: string) => {
    const place = (counts.get(key) ?? 0) + 1;
    counts.set(key, place);
    return place;
  };
  return rows.map((row) => {
    const finished = row.status === 'finished';
    const group = ageGroup(row.age);
    return {
      registrationId: row.registrationId,
      place: finished ? ++overall : null,
      bib: row.bib,
      name: resultName({ ...row, anonymised: row.anonymisedAt !== null }),
      status: row.status,
      time: finished && row.timeMs !== null ? formatFinishTime(row.timeMs) : null,
      gender: row.gender,
      genderPlace: finished && row.gender ? next(`gender ${row.gender}`) : null,
      ageGroup: group,
      ageGroupPlace: finished ? next(`group ${row.gender ?? ''} ${group}`) : null,
      certificate: row.bib !== null && offersPublicCertificate({ ...row, erased: row.anonymisedAt !== null }),
    };
  });
}

/** What a search finds: a bib typed as its digits, or a part of the name as the results show it. */
function matches(q: string) {
  const text = q.trim().toLocaleLowerCase();
  if (!text) return () => true;
  if (/^\d+$/u.test(text)) return (row: PublishedResult) => String(row.bib) === text;
  return (row: PublishedResult) => row.name.toLocaleLowerCase().includes(text);
}

/** A published race's results, a page at a time, searched by bib or name; nothing while preliminary. */
export async function publishedResults(
  { database }: AppContext,
  query: PublishedResultsQuery,
): Promise<PublishedResults> {
  const event = await getCurrentEvent(database.db);
  const page = query.page ?? 1;
  const none = {
    races: [],
    race: null,
    finishers: 0,
    results: [],
    total: 0,
    page,
    pageSize: RESULTS_PAGE_SIZE,
  };
  if (!event.resultsPublishedAt) return { published: false, ...none };
  const [all, timed] = await Promise.all([
    racesOf(database.db, event.id),
    racesWithResults(database.db, event.id),
  ]);
  const races = all.filter((race) => timed.has(race.id));
  const race = races.find((one) => one.id === query.race) ?? races[0];
  if (!race) return { published: true, ...none };
  const rows = placed(await resultsOfRace(database.db, event.id, race.id));
  const found = rows.filter(matches(query.q ?? ''));
  return {
    published: true,
    races,
    race: race.id,
    finishers: rows.filter((row) => row.place !== null).length,
    results: found
      .slice((page - 1) * RESULTS_PAGE_SIZE, page * RESULTS_PAGE_SIZE)
      .map(({ registrationId: _, ...row }) => row),
    total: found.length,
    page,
    pageSize: RESULTS_PAGE_SIZE,
  };
}

/** An entrant's own result, once his edition's results are published: null before, or without one. */
export async function resultOfEntry(
  { database }: AppContext,
  event: { id: string; resultsPublishedAt: Date | null },
  registrationId: string,
): Promise<MyResult | null> {
  if (!event.resultsPublishedAt) return null;
  const race = await raceOfResult(database.db, registrationId);
  if (!race) return null;
  const rows = placed(await resultsOfRace(database.db, event.id, race.raceId));
  const own = rows.find((row) => row.registrationId === registrationId);
  if (!own) return null;
  const { registrationId: _, ...result } = own;
  return { ...result, race: race.label, finishers: rows.filter((row) => row.place !== null).length };
}
