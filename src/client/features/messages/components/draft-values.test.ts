import { describe, expect, it } from 'vitest';
import { MessageDraftSchema } from '../../../../shared/messages/message.ts';
import { draftOf, EMPTY_DRAFT, THANK_YOU } from './draft-values.ts';

describe('the compose form’s draft', () => {
  it('sends only the choices made, and a Harare time only for a message kept for later', () => {
    const values = {
      ...EMPTY_DRAFT,
      audience: { ...EMPTY_DRAFT.audience, race: '10km', payment: 'unpaid' },
      subject: 'Parking',
      body: 'Park at the gate.',
      sendAt: '2026-12-05',
      sendTime: '18:00',
    };
    expect(draftOf(values)).toMatchObject({
      audience: { race: '10km', payment: 'unpaid' },
      sendAt: undefined,
    });
    expect(Object.keys(draftOf(values).audience as object)).toEqual(['race', 'payment']);
    expect(draftOf({ ...values, when: 'later' }).sendAt).toBe('2026-12-05T18:00');
    expect(MessageDraftSchema.safeParse(draftOf({ ...values, when: 'later' })).success).toBe(true);
  });

  it('drops payment, team and check-in for people waiting (they have none), and asks for a time when later', () => {
    const waiting = draftOf({
      ...EMPTY_DRAFT,
      audience: {
        ...EMPTY_DRAFT.audience,
        people: 'waitlist',
        payment: 'paid',
        team: 'yes',
        checkedIn: 'no',
        minor: 'no',
      },
      when: 'later',
    });
    expect(waiting.audience).toEqual({ people: 'waitlist', minor: 'no' });
    const issues = MessageDraftSchema.safeParse(waiting).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues).toContain('sendAt');
  });

  it('offers a thank-you whose placeholders are all known, with no results link yet', () => {
    const texts = [THANK_YOU.subject, THANK_YOU.body, THANK_YOU.smsText].join('\n');
    const placeholders = [...texts.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]);
    expect(new Set(placeholders)).toEqual(new Set(['first name', 'race']));
    expect(texts).not.toMatch(/result/i);
    expect(THANK_YOU.smsText.length).toBeLessThanOrEqual(120);
  });
});
