import { PLACEHOLDERS, SMS_MAX_SEGMENTS, smsSegmentsOf } from '../../../../shared/messages/message.ts';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';
import type { FieldOf } from './audience-fields.tsx';

/** The placeholders an admin may type, each filled in for its recipient. */
export function PlaceholderHelp({ id }: { id: string }) {
  return (
    <div id={id} className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
      <p>Placeholders, filled in for each person when the message goes:</p>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1" aria-label="Placeholders">
        {PLACEHOLDERS.map((name) => (
          <li key={name}>
            <code className="rounded bg-white px-1 font-semibold text-stone-900">{`{${name}}`}</code>
          </li>
        ))}
      </ul>
      <p className="mt-1">
        {'{link}'} is the person’s private page, with his QR code; {'{bib}'} says “given at the table” where
        there is none yet.
      </p>
    </div>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The mail's subject and text, and the text message with its length, as the admin types them. */
export function MessageTexts({
  field,
  byMail,
  bySms,
  smsText,
}: {
  field: FieldOf;
  byMail: boolean;
  bySms: boolean;
  smsText: string;
}) {
  const { error: bodyError, ...body } = field('body');
  const { error: smsError, ...sms } = field('smsText');
  const segments = smsSegmentsOf(smsText.length);
  return (
    <div className="flex flex-col gap-4">
      <PlaceholderHelp id="placeholder-help" />
      {byMail && (
        <>
          <TextField label="Subject" maxLength={150} {...field('subject')} />
          <Field label="Message" hint="The mail’s text." error={bodyError}>
            {(a11y) => <textarea {...a11y} {...body} rows={8} className={inputClass} />}
          </Field>
        </>
      )}
      {bySms && (
        <div className="flex flex-col gap-1">
          <Field
            label="Text message"
            hint={`Short: one text holds 160 characters, a longer message goes as parts of 153 (at most ${SMS_MAX_SEGMENTS} once the placeholders are filled in).`}
            error={smsError}
          >
            {(a11y) => <textarea {...a11y} {...sms} rows={3} className={inputClass} />}
          </Field>
          <p className="text-sm text-stone-700">
            {plural(smsText.length, 'character')} · {plural(segments, 'text')} each, before the placeholders
            are filled in
          </p>
        </div>
      )}
    </div>
  );
}
