import { ordinal } from '../../../shared/results/published.ts';
import { greeting } from '../../../shared/shown-name.ts';
import type { Transaction } from '../../db/client.ts';
import { statementsOn } from '../../db/statements-on.ts';
import type { Links } from '../../links.ts';
import { enqueueMail } from '../../mail/repository.ts';
import { wantsMail } from '../../sms/entrant-sms.ts';
import { ENTRANT_TEXTS } from '../../sms/entrant-texts.ts';
import { type EventRow, textsOn } from '../events/service.ts';
import { textEntrant } from '../registrations/service.ts';
import { placed } from './published.ts';
import { markTold, racesOf, racesWithResults, resultsOfRace, untoldFinishers } from './repository.ts';

export const RESULT_KIND = 'result';

/**
 * Tells each finisher not told yet his time and place, by text and/or mail as he chose (a text only while the
 * event's texts are on), in the publishing transaction; each once, however often the results are published.
 */
export async function tellFinishers(tx: Transaction, links: Links, event: EventRow) {
  const untold = await untoldFinishers(tx, event.id);
  if (untold.length === 0) return 0;
  const [races, timed] = await Promise.all([racesOf(tx, event.id), racesWithResults(tx, event.id)]);
  const places = new Map<string, { race: string; time: string; place: number; finishers: number }>();
  for (const race of races.filter((one) => timed.has(one.id))) {
    const rows = placed(await resultsOfRace(tx, event.id, race.id));
    const finishers = rows.filter((row) => row.place !== null).length;
    for (const row of rows)
      if (row.place !== null && row.time !== null)
        places.set(row.registrationId, { race: race.label, time: row.time, place: row.place, finishers });
  }
  const told: string[] = [];
  for (const finisher of untold) {
    const result = places.get(finisher.id);
    if (!result) continue;
    const texted =
      textsOn(event) &&
      (await textEntrant(statementsOn(tx), links, finisher, {
        eventId: event.id,
        registrationId: finisher.id,
        kind: RESULT_KIND,
        held: true,
        title: event.title,
        text: ENTRANT_TEXTS.result(result),
      }));
    const mailed = finisher.email !== null && wantsMail(finisher.notifyBy, texted);
    if (finisher.email && mailed) {
      await enqueueMail(tx, {
        to: finisher.email,
        kind: RESULT_KIND,
        subject: `Your ${result.race} time: ${result.time}`,
        text: [
          `${greeting(finisher.firstName, 'Dear')},`,
          '',
          `Your ${result.race} time at the ${event.title} ${event.year}: ${result.time}, ${ordinal(result.place)} of ${result.finishers}.`,
          '',
          `All the results: ${links.page('/Results')}`,
        ].join('\n'),
      });
    }
    // One with no way to be told now (texts alone, while they are off) may be told on a later publishing.
    if (texted || mailed) told.push(finisher.id);
  }
  await markTold(tx, told);
  return told.length;
}
