import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import {
  type CertificateFormat,
  type MyCertificate,
  offersPublicCertificate,
} from '../../../../shared/results/certificate.ts';
import { formatFinishTime } from '../../../../shared/results/finish-time.ts';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../http/problem.ts';
import { type EventRow, getCurrentEvent, getEdition } from '../../events/service.ts';
import { entryOfLink } from '../../my-registration/service.ts';
import { achievementOf, type CertificateFacts, formatLongDate } from './certificate-facts.ts';
import { certificateEntry, certificateEntryByBib, finishersOfRace } from './repository.ts';

type Entry = NonNullable<Awaited<ReturnType<typeof certificateEntry>>>;

const NO_CERTIFICATE =
  'There is no certificate for this entry: certificates are for those who were checked in on race morning or finished.';
const NO_PUBLIC_CERTIFICATE = 'There is no certificate to download for this bib.';

/**
 * A certificate is earned by finishing, or by being checked in when there is no result (an untimed fun run);
 * a result of DNF, DNS or DQ earns none.
 */
const earnsCertificate = (entry: Entry) => (entry.status ? entry.status === 'finished' : entry.checkedIn);

/** The time and place appear once the results are published: until then they may still be corrected. */
async function factsOf(db: Database, event: EventRow, entry: Entry, name: string): Promise<CertificateFacts> {
  const timed = event.resultsPublishedAt !== null && entry.status === 'finished' && entry.timeMs !== null;
  let place: number | null = null;
  let finishers: number | null = null;
  if (timed) {
    const order = await finishersOfRace(db, event.id, entry.raceId);
    place = order.findIndex((row) => row.registrationId === entry.id) + 1 || null;
    finishers = order.length;
  }
  return {
    eventTitle: event.title,
    eventYear: event.year,
    name,
    race: `${DISCIPLINE_LABELS[entry.discipline]}, ${entry.raceLabel}`,
    date: event.eventDate ? formatLongDate(event.eventDate) : null,
    achievement: achievementOf(timed ? formatFinishTime(entry.timeMs ?? 0) : null, place, finishers),
  };
}

async function rendered(facts: CertificateFacts, format: CertificateFormat) {
  // pdfkit, sharp and their fonts load with the first certificate, not with every server (issue 15).
  if (format === 'pdf') {
    const { certificatePdf } = await import('./certificate-pdf.ts');
    return { contentType: 'application/pdf', body: certificatePdf(facts) };
  }
  const { certificateImage } = await import('./certificate-image.ts');
  return { contentType: 'image/png', body: await certificateImage(facts) };
}

/** The entry a private link opens and its race and result, when it earns a certificate. */
async function certifiedEntryOfLink(context: AppContext, token: string) {
  const { id, eventId } = await entryOfLink(context, token);
  const entry = await certificateEntry(context.database.db, id);
  return entry && earnsCertificate(entry) ? { entry, eventId } : undefined;
}

/** Whether /My offers the entry's certificate. */
export async function myCertificateAvailable(context: AppContext, token: string): Promise<MyCertificate> {
  const certified = await certifiedEntryOfLink(context, token);
  if (!certified) return { available: false, awaitingResults: false };
  const event = await getEdition(context.database.db, certified.eventId);
  return { available: true, awaitingResults: certified.entry.status !== null && !event.resultsPublishedAt };
}

/** The entrant's own certificate from /My, with his full name; 404 unless he was checked in or finished. */
export async function myCertificate(context: AppContext, token: string, format: CertificateFormat) {
  const certified = await certifiedEntryOfLink(context, token);
  if (!certified) throw notFound(NO_CERTIFICATE);
  const { db } = context.database;
  const { entry } = certified;
  const event = await getEdition(db, certified.eventId);
  const facts = await factsOf(db, event, entry, `${entry.firstName} ${entry.lastName}`);
  return { fileName: `certificate-${event.year}.${format}`, ...(await rendered(facts, format)) };
}

/** A finisher's certificate from the published results, by bib: only for one they show by name. */
export async function publicCertificate(context: AppContext, bib: number, format: CertificateFormat) {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  if (!event.resultsPublishedAt) throw notFound(NO_PUBLIC_CERTIFICATE);
  const entry = await certificateEntryByBib(db, event.id, bib);
  // Erased entries are not looked up by bib at all.
  if (!entry || !offersPublicCertificate({ ...entry, erased: false })) throw notFound(NO_PUBLIC_CERTIFICATE);
  const facts = await factsOf(db, event, entry, `${entry.firstName} ${entry.lastName}`);
  return { fileName: `certificate-${event.year}-${bib}.${format}`, ...(await rendered(facts, format)) };
}
