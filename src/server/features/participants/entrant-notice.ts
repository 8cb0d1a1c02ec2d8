import { DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import type { PaymentStatus } from '../../../shared/registrations/team.ts';
import { greeting } from '../../../shared/shown-name.ts';
import type { Transaction } from '../../db/client.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { ENTRY_CHANGE_NOTICES } from '../../http/limits.ts';
import { Problem } from '../../http/problem.ts';
import type { Links } from '../../links.ts';
import { enqueueMail, enqueueMailWithinLimit } from '../../mail/repository.ts';
import { ENTRANT_TEXTS } from '../../sms/entrant-texts.ts';
import { type EventRow, textsOn } from '../events/service.ts';
import { contactPhoneOf, type TextedEntrant, textEntrant } from '../registrations/service.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The outbox's names for these mails. */
export const ENTRY_CHANGED_KIND = 'entry-changed';
export const ENTRY_CANCELLED_KIND = 'entry-cancelled';

export interface NoticeEntry {
  reference: string;
  firstName: string;
  /** None where the entrant gave none: the text is his only notice. */
  email: string | null;
  discipline: Discipline;
  raceType: string;
  paymentStatus: PaymentStatus;
}

/** What was done on the private page: the fields changed (with what they are now, where that is no one's secret), or the cancellation. */
export type EntrantChange = { changed: { label: string; now?: string }[] } | { cancelled: true };

/**
 * The message telling the entrant of a change or cancellation made on the entry's private page, so that
 * someone else holding the link (a forwarded mail) cannot change or cancel it unnoticed. One text for whatever
 * carries it: the mail now, an SMS beside it later.
 */
export function entrantNotice(event: EventRow, entry: NoticeEntry, change: EntrantChange) {
  const contact = contactPhoneOf(event);
  const race = `${DISCIPLINE_LABELS[entry.discipline]}, ${entry.raceType}`;
  const opening = [`${greeting(entry.firstName, 'Dear')},`, ''];
  if ('cancelled' in change) {
    const paid = entry.paymentStatus === 'paid' || entry.paymentStatus === 'part_paid';
    return {
      subject: `${event.title}: your entry ${entry.reference} was cancelled`,
      text: [
        ...opening,
        `Your entry ${entry.reference} for the ${event.title} ${event.year} (${race}) was cancelled on its private page. Its place is free for someone else.`,
        ...(paid ? ['', `To ask about your payment, call the organisers on ${contact}.`] : []),
        '',
        `If you did not cancel it, someone else has the link to your page: call the organisers on ${contact} at once.`,
      ].join('\n'),
    };
  }
  return {
    subject: `${event.title}: your entry ${entry.reference} was changed`,
    text: [
      ...opening,
      `Your entry ${entry.reference} for the ${event.title} ${event.year} was changed on its private page:`,
      ...change.changed.map(
        ({ label, now }) => `- ${capitalised(label)}${now === undefined ? '' : `: now ${now}`}`,
      ),
      '',
      'If you made this change, there is nothing more to do.',
      `If you did not, someone else has the link to your page: call the organisers on ${contact}.`,
    ].join('\n'),
  };
}

/**
 * Tells the entry's address, in the change's transaction. Changes are told within ENTRY_CHANGE_NOTICES per
 * address (the link's holder chose the address, and could otherwise fill a stranger's inbox): over it the
 * change is refused, so none goes untold. A cancellation happens once, and is always told.
 */
export async function tellEntrant(
  tx: Transaction,
  links: Links,
  event: EventRow,
  entry: NoticeEntry & { id: string },
  change: EntrantChange,
  /**
   * The entrant as he was: a text goes to the number before the change, which whoever changed it may not own.
   * Null when the caller texts that number itself.
   */
  before: TextedEntrant | null,
) {
  if (textsOn(event) && before) await textNotice(tx, links, event, entry, change, before);
  if (entry.email === null) return;
  const mail = { to: entry.email, ...entrantNotice(event, entry, change) };
  if ('cancelled' in change) {
    await enqueueMail(tx, { ...mail, kind: ENTRY_CANCELLED_KIND });
    return;
  }
  const { perAddress, windowSeconds } = ENTRY_CHANGE_NOTICES;
  const sent = await enqueueMailWithinLimit(
    tx,
    { ...mail, kind: ENTRY_CHANGED_KIND },
    { max: perAddress, seconds: windowSeconds },
  );
  if (!sent) {
    throw new Problem(
      429,
      'Too Many Requests',
      'This entry was changed many times in the last hour, and each change is mailed to its address: please try again later.',
    );
  }
}

/** The notice's text beside its mail (which always goes: it is how a link in the wrong hands is noticed). */
function textNotice(
  tx: Transaction,
  links: Links,
  event: EventRow,
  entry: NoticeEntry & { id: string },
  change: EntrantChange,
  before: TextedEntrant,
) {
  const cancelled = 'cancelled' in change;
  return textEntrant(statementsOn(tx), links, before, {
    eventId: event.id,
    registrationId: entry.id,
    kind: cancelled ? ENTRY_CANCELLED_KIND : ENTRY_CHANGED_KIND,
    title: event.title,
    text: cancelled
      ? ENTRANT_TEXTS.cancelled({ reference: entry.reference, contactPhone: contactPhoneOf(event) })
      : ENTRANT_TEXTS.changed(entry),
    ...(cancelled ? {} : { linkTo: entry.id }),
  });
}
