import { useState } from 'react';
import type { Path } from 'react-hook-form';
import {
  type MessageDraft,
  MessageDraftSchema,
  type MessagePreview,
} from '../../../../shared/messages/message.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { CheckboxField, RadioCard, TextField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { oneOf, showFieldErrors } from '../../../lib/field-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { usePreviewMessage, useSendMessage } from '../api/messages.ts';
import { AudienceFields, type RaceChoice } from './audience-fields.tsx';
import { type DraftValues, draftOf, EMPTY_DRAFT, THANK_YOU } from './draft-values.ts';
import { MessageTexts } from './message-texts.tsx';
import { PreviewSummary } from './preview-summary.tsx';

/** The fields the form shows, where the server's errors go. */
const FIELDS = [
  'audience.people',
  'audience.discipline',
  'audience.race',
  'audience.payment',
  'audience.minor',
  'audience.team',
  'audience.checkedIn',
  'byMail',
  'bySms',
  'subject',
  'body',
  'smsText',
  'sendAt',
] as const satisfies readonly Path<DraftValues>[];
type Field = (typeof FIELDS)[number];

interface Checked {
  draft: MessageDraft;
  /** The form's values it was checked with: any change asks for a new check. */
  key: string;
  preview: MessagePreview;
}

/** "2 mails and 1 SMS": what goes out by each channel chosen. */
function byChannel(preview: MessagePreview | undefined, channels: { byMail: boolean; bySms: boolean }) {
  if (!preview) return '';
  const mails = `${preview.mails.toLocaleString('en-GB')} ${preview.mails === 1 ? 'mail' : 'mails'}`;
  const sms = `${preview.sms.toLocaleString('en-GB')} SMS`;
  return [channels.byMail && mails, channels.bySms && sms].filter(Boolean).join(' and ');
}

const keyOf = (values: DraftValues) => JSON.stringify(draftOf(values));

/** Compose once, see who it reaches, then send it now or keep it for a time (Harare). */
export function ComposeMessage({
  races,
  teams,
  textsOn,
}: {
  races: readonly RaceChoice[];
  teams: readonly { id: string; name: string }[];
  /** The event's text messages are set up: without, SMS reach no one. */
  textsOn: boolean;
}) {
  const form = useZodForm(MessageDraftSchema, { defaultValues: EMPTY_DRAFT, toSchemaInput: draftOf });
  const { field, watch, setValue, setError, reset, formState } = form;
  const values = watch();
  const previewing = usePreviewMessage();
  const sending = useSendMessage();
  const [checked, setChecked] = useState<Checked>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const current = checked && checked.key === keyOf(values) ? checked : undefined;
  const waiting = values.audience.people === 'waitlist';
  const later = values.when === 'later';

  /** Each of the server's field errors beside its field; anything else above the buttons. */
  function showFailure(error: unknown) {
    const answer = showFieldErrors(error, setError, oneOf(FIELDS));
    const elsewhere = answer?.errors.filter((fieldError) => !FIELDS.includes(fieldError.path as Field)) ?? [];
    const first = answer?.errors.find((fieldError) => FIELDS.includes(fieldError.path as Field));
    if (first) form.setFocus(first.path as Field);
    if (answer && answer.errors.length > elsewhere.length && elsewhere.length === 0) {
      setFailure('Please check the fields marked.');
    } else {
      setFailure([errorText(error), ...elsewhere.map((fieldError) => fieldError.message)].join(' '));
    }
  }

  const onCheck = form.handleSubmit(async (draft) => {
    setFailure(undefined);
    setDone(undefined);
    const key = keyOf(form.getValues());
    try {
      const preview = await previewing.mutateAsync(draft);
      setChecked({ draft, key, preview });
    } catch (error) {
      setChecked(undefined);
      showFailure(error);
    }
  });

  async function send() {
    if (!current) return;
    try {
      const sent = await sending.mutateAsync(current.draft);
      setConfirming(false);
      setChecked(undefined);
      reset(EMPTY_DRAFT);
      setDone(
        sent.state === 'scheduled'
          ? `Scheduled for ${formatDateTime(sent.sendAt)} (Harare time): it goes to those who match then.`
          : `Sent to ${sent.entrants} ${sent.entrants === 1 ? 'person' : 'people'}: the list below shows its delivery.`,
      );
    } catch (error) {
      // A field the server refuses is shown beside it; anything else (a draft edition) in the dialog.
      if (error instanceof ApiError && error.errors.length > 0) {
        setConfirming(false);
        setChecked(undefined);
        showFailure(error);
      }
    }
  }

  function applyThankYou() {
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue('audience.people', 'entrants', options);
    setValue('audience.checkedIn', 'yes', options);
    setValue('byMail', true, options);
    setValue('subject', THANK_YOU.subject, options);
    setValue('body', THANK_YOU.body, options);
    setValue('smsText', THANK_YOU.smsText, options);
    setDone(undefined);
  }

  const count = current?.preview.entrants ?? 0;
  const people = `${count.toLocaleString('en-GB')} ${count === 1 ? 'person' : 'people'}`;
  const sendLabel = later ? `Schedule for ${people}` : `Send to ${people}`;
  const { error: whenError, ...sendAt } = field('sendAt');

  return (
    <section
      aria-labelledby="compose-heading"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="compose-heading" className="text-xl font-bold text-stone-900">
          New message
        </h2>
        <button type="button" className={secondaryButtonClass} onClick={applyThankYou}>
          Use the thank-you template
        </button>
      </div>
      {done && (
        <div className="mt-4">
          <FormSuccess>{done}</FormSuccess>
        </div>
      )}
      <form onSubmit={onCheck} noValidate className="mt-5 flex flex-col gap-6">
        <AudienceFields field={field} values={values.audience} races={races} teams={teams} />

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-bold text-stone-900">How</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <CheckboxField label="Mail" {...form.register('byMail')} />
            <CheckboxField label="SMS" {...form.register('bySms')} />
          </div>
          {formState.errors.byMail && (
            <p className="text-sm font-medium text-red-700">{formState.errors.byMail.message}</p>
          )}
          {values.bySms && !textsOn && (
            <p className="text-sm text-stone-700">
              Text messages are not set up for this event (Event settings, Text messages): nobody gets an SMS.
            </p>
          )}
          <MessageTexts field={field} byMail={values.byMail} bySms={values.bySms} smsText={values.smsText} />
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-bold text-stone-900">When</legend>
          <div className="grid gap-2 sm:max-w-md sm:grid-cols-2">
            <RadioCard label="Send now" value="now" {...form.register('when')} />
            <RadioCard label="At a time" value="later" {...form.register('when')} />
          </div>
          {later && (
            <div className="grid gap-4 sm:max-w-md sm:grid-cols-2">
              <TextField label="Date" type="date" error={whenError} {...sendAt} />
              <TextField label="Time (Harare)" type="time" {...field('sendTime')} />
            </div>
          )}
        </fieldset>

        <div className="flex flex-col gap-4">
          {failure && <FormAlert>{failure}</FormAlert>}
          <button type="submit" className={`${buttonClass} self-start`} disabled={previewing.isPending}>
            {previewing.isPending ? 'Counting…' : 'Check who it reaches'}
          </button>
          {checked && !current && (
            <p className="text-stone-700">
              The message changed since it was checked: check again before sending.
            </p>
          )}
          {current && (
            <>
              <PreviewSummary preview={current.preview} waiting={waiting} channels={values} />
              {count > 0 && (
                <button
                  type="button"
                  className={`${buttonClass} self-start`}
                  onClick={() => {
                    sending.reset();
                    setConfirming(true);
                  }}
                >
                  {sendLabel}
                </button>
              )}
            </>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={later ? 'Schedule this message?' : 'Send this message?'}
        confirmLabel={sending.isPending ? 'Sending…' : sendLabel}
        busy={sending.isPending}
        failure={
          sending.error && !(sending.error instanceof ApiError && sending.error.errors.length > 0)
            ? sending.error
            : null
        }
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      >
        {later
          ? `It goes at ${values.sendAt.split('-').reverse().join('/')} ${values.sendTime} (Harare time) to those who match then; you can cancel it until then.`
          : `It goes now to ${people}: ${byChannel(current?.preview, values)}. It cannot be called back.`}
      </ConfirmDialog>
    </section>
  );
}
