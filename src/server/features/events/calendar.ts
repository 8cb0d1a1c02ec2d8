import { DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import { formatPhone } from '../../../shared/phone.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/problem.ts';
import { findRace } from './repository.ts';
import { getCurrentEvent } from './service.ts';

/** Harare keeps UTC+2 all year (no daylight saving), so a time of day there is this instant. */
const HARARE_OFFSET = '+02:00';

/**
 * The calendar file (RFC 5545) for the fun run's day: the race's start when a race is named and its start
 * time is set, else the whole day. Times are written in UTC, which every calendar shows in its own zone; the
 * file changes only when the event does (its stamp is the event's last change), so it revalidates by ETag.
 */
export async function eventCalendar(
  { database: { db }, links }: Pick<AppContext, 'database' | 'links'>,
  which: { discipline?: Discipline; race?: string },
) {
  const event = await getCurrentEvent(db);
  if (!event.eventDate) throw notFound('The date of the fun run is not set yet.');
  const race =
    which.discipline && which.race ? await findRace(db, event.id, which.discipline, which.race) : undefined;
  if (which.race && !race) throw notFound('The fun run has no such race.');
  const name = `${event.title} ${event.year}`;
  const summary = race ? `${name}: ${race.label} (${DISCIPLINE_LABELS[race.discipline]})` : name;
  const description = [
    race?.startTime ? `${race.label} starts at ${race.startTime} (Harare time).` : '',
    `Questions? Call ${formatPhone(event.contactPhone)}.`,
    links.site,
  ]
    .filter(Boolean)
    .join('\n');
  // Loaded with the first calendar file, not with every server (issue 44: start and idle memory).
  const { default: ical } = await import('ical-generator');
  const calendar = ical({ prodId: { company: 'Celebration', product: 'Fun Run' }, name });
  const uid = `${event.id}${race ? `-${race.id}` : ''}@celebration`;
  calendar.createEvent({
    id: uid,
    stamp: event.updatedAt,
    summary,
    description,
    location: event.venue || null,
    url: links.site,
    ...(race?.startTime
      ? { start: new Date(`${event.eventDate}T${race.startTime}:00${HARARE_OFFSET}`) }
      : { start: new Date(`${event.eventDate}T00:00:00Z`), allDay: true }),
  });
  const slug = [event.title, event.year, race?.label]
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { ics: calendar.toString(), filename: `${slug || 'fun-run'}.ics` };
}
