import {
  type MessageDraft,
  type Placeholder,
  SMS_MAX_SEGMENTS,
  smsSegmentsOf,
} from '../../../shared/messages/message.ts';
import { shownFirstName } from '../../../shared/shown-name.ts';
import type { OutgoingMail } from '../../mail/repository.ts';
import { toGsm7 } from '../../sms/sms-text.ts';
import type { Recipient } from './repository.ts';

export const smsSegments = (text: string) => smsSegmentsOf(text.length);

export const SMS_MAX_CHARACTERS = SMS_MAX_SEGMENTS * 153;

/** The placeholders of one recipient; `link` is his private link (a short one in a text). */
export function placeholderValues(recipient: Recipient, link: string): Record<Placeholder, string> {
  return {
    // Names enter messages only through the one naming rule: a name it refuses is left out.
    'first name': shownFirstName(recipient.firstName) ?? '',
    reference: recipient.reference,
    race: recipient.race,
    'start time': recipient.startTime ?? '',
    bib: recipient.bib === null ? 'given at the table' : String(recipient.bib),
    link,
  };
}

/** The text with each {placeholder} filled in; "Hello {first name}," without a name reads "Hello,". */
export function fillIn(template: string, values: Record<Placeholder, string>) {
  return template
    .replace(
      /\{([^{}]*)\}/g,
      (whole, name: string) => values[name.trim().toLowerCase() as Placeholder] ?? whole,
    )
    .replace(/ +([,.!?])/g, '$1');
}

/** What one recipient gets. */
export function messageFor(
  draft: Pick<MessageDraft, 'subject' | 'body' | 'smsText'>,
  recipient: Recipient,
  links: { mail: string; sms: string },
) {
  return {
    subject: fillIn(draft.subject, placeholderValues(recipient, links.mail)),
    body: fillIn(draft.body, placeholderValues(recipient, links.mail)),
    smsText: toGsm7(fillIn(draft.smsText, placeholderValues(recipient, links.sms))),
  };
}

export const usesLink = (text: string) => /\{\s*link\s*\}/i.test(text);

/** What a recipient's mail and text say, given his new links. */
export type Compose = (
  recipient: Recipient,
  links: { mail: string; sms: string },
) => { subject: string; body: string; smsText: string; mail?: Partial<OutgoingMail> };
