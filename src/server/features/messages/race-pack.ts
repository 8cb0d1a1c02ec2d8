import { formatEventDay } from '../../../shared/events/event-facts.ts';
import { greeting } from '../../../shared/shown-name.ts';
import { oneSegment } from '../../sms/sms-text.ts';
import type { EventRow } from '../events/service.ts';
import type { Compose } from './compose.ts';

export const RACE_PACK_KIND = 'race-pack';

/** Each entrant's race pack: his bib, race, start time, the venue, what to bring, his private link and QR. */
export const racePack =
  (event: Pick<EventRow, 'title' | 'eventDate' | 'venue' | 'whatToBring'>): Compose =>
  (entrant, links) => {
    const day = event.eventDate ? formatEventDay(event.eventDate) : 'race day';
    const start = entrant.startTime ? ` at ${entrant.startTime}` : '';
    const bib =
      entrant.bib === null
        ? 'Your bib number is given at the check-in table on race morning.'
        : `Your bib number: ${entrant.bib}`;
    const body = [
      `${greeting(entrant.firstName)},`,
      '',
      `${event.title} is on ${day}${event.venue ? ` at ${event.venue}` : ''}.`,
      '',
      `Your race: ${entrant.race}${entrant.startTime ? `, starting at ${entrant.startTime}` : ''}`,
      bib,
      `Your reference: ${entrant.reference}`,
      '',
      // The admin may clear it: nothing to bring, no line.
      ...(event.whatToBring ? [`What to bring: ${event.whatToBring}`, ''] : []),
      'Show the QR code attached to this mail at the check-in table (it is on your private page too):',
      links.mail,
    ].join('\n');
    const smsBib = entrant.bib === null ? 'bib at the table' : `bib ${entrant.bib}`;
    return {
      subject: `${event.title}: your race pack`,
      body,
      smsText: oneSegment(event.title, `${entrant.race}${start}, ${smsBib}, ${day}. Your QR:`, links.sms),
      mail: entrant.checkInCode
        ? {
            attachments: [
              {
                cid: 'check-in-qr',
                filename: 'check-in-qr.png',
                text: entrant.checkInCode,
                alt: 'Your check-in QR code',
              },
            ],
          }
        : {},
    };
  };
