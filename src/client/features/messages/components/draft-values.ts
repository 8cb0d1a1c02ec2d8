import type { MessageDraft } from '../../../../shared/messages/message.ts';

/** What the compose form's inputs hold: '' for "any". */
export interface DraftValues {
  audience: {
    people: 'entrants' | 'waitlist';
    discipline: string;
    race: string;
    payment: string;
    minor: string;
    team: string;
    checkedIn: string;
  };
  byMail: boolean;
  bySms: boolean;
  subject: string;
  body: string;
  smsText: string;
  when: 'now' | 'later';
  /** The day (YYYY-MM-DD) of a message kept for later; named as the draft's field, whose errors it shows. */
  sendAt: string;
  sendTime: string;
}

export const EMPTY_DRAFT: DraftValues = {
  audience: { people: 'entrants', discipline: '', race: '', payment: '', minor: '', team: '', checkedIn: '' },
  byMail: true,
  bySms: false,
  subject: '',
  body: '',
  smsText: '',
  when: 'now',
  sendAt: '',
  sendTime: '',
};

/** People waiting have no payment, team or check-in: those choices do not apply to them. */
export const WAITLIST_IGNORES = ['payment', 'team', 'checkedIn'] as const;

/** The draft as the API takes it: only the choices made, and a time only when it is for later. */
export function draftOf(values: DraftValues): Record<keyof MessageDraft, unknown> {
  const waiting = values.audience.people === 'waitlist';
  const audience = Object.fromEntries(
    Object.entries(values.audience).filter(
      ([key, value]) =>
        value !== '' &&
        !(key === 'people' && value === 'entrants') &&
        !(waiting && (WAITLIST_IGNORES as readonly string[]).includes(key)),
    ),
  );
  return {
    audience,
    byMail: values.byMail,
    bySms: values.bySms,
    subject: values.subject,
    body: values.body,
    smsText: values.smsText,
    sendAt: values.when === 'later' ? `${values.sendAt}T${values.sendTime}` : undefined,
  };
}

/** A thank-you after the race to those who came (checked in); the results link comes with results. */
export const THANK_YOU = {
  subject: 'Thank you for joining us',
  body: [
    'Hello {first name},',
    '',
    'Thank you for joining us for the {race}! We hope you enjoyed the morning as much as we did.',
    '',
    'Thank you too to everyone who cheered and handed out water. See you next year!',
  ].join('\n'),
  smsText: 'Hello {first name}, thank you for joining us for the {race}! See you next year.',
} as const;
