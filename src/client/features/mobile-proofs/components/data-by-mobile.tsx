import { useId, useState } from 'react';
import {
  MobileCodeCheckSchema,
  MobileCodeRequestSchema,
  type MobileProofAnswer,
} from '../../../../shared/privacy/mobile-proof.ts';
import { Button, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { PhoneField, TextField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ErasureRequestDialog } from '../../erasure/index.ts';
import {
  useAskErasureByMobile,
  useCheckCode,
  useDownloadByMobile,
  useTextMeACode,
} from '../api/mobile-proof.ts';

type Step =
  | { at: 'number' }
  | { at: 'code'; mobile: string; message: string }
  | ({ at: 'proven' } & MobileProofAnswer);

/**
 * "Your data, by your mobile number": someone with only a phone proves his number with a code texted to it,
 * then downloads what we hold under it or asks for it to be erased. `available`: the event sends texts.
 */
export function DataByMobile({ available }: { available: boolean }) {
  const headingId = useId();
  const [step, setStep] = useState<Step>({ at: 'number' });
  return (
    <section aria-labelledby={headingId} className="mt-10 flex max-w-xl flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold text-stone-900">
        Your data, by your mobile number
      </h2>
      {!available ? (
        <p className="text-stone-700">
          Not available at the moment: it needs a code sent by text message, and we are not sending texts now.
          Your entry’s own page (the link in your confirmation) lets you download your data or ask us to erase
          it.
        </p>
      ) : step.at === 'number' ? (
        <AskForCode onSent={(mobile, message) => setStep({ at: 'code', mobile, message })} />
      ) : step.at === 'code' ? (
        <EnterCode
          mobile={step.mobile}
          message={step.message}
          onProven={(answer) => setStep({ at: 'proven', ...answer })}
          onRestart={() => setStep({ at: 'number' })}
        />
      ) : (
        <Proven proof={step.proof} expiresAt={step.expiresAt} onRestart={() => setStep({ at: 'number' })} />
      )}
    </section>
  );
}

function AskForCode({ onSent }: { onSent: (mobile: string, message: string) => void }) {
  const send = useTextMeACode();
  const { field, handleSubmit } = useZodForm(MobileCodeRequestSchema, {
    mode: 'onSubmit',
    defaultValues: { mobile: '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    if (send.isPending) return;
    const answer = await send.mutateAsync(body).catch(() => undefined);
    if (answer) onSent(body.mobile, answer.message);
  });
  return (
    <>
      <p className="text-stone-700">
        Registered with a mobile number and no email you read? Type the number: we text it a 6-digit code.
        With the code you can download everything we hold under that number (your own entries, waitlist places
        and programme records, not those where it is only someone’s next of kin or guardian number) or ask us
        to erase it.
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <PhoneField label="Mobile number" autoComplete="tel" {...field('mobile')} />
        {send.isError && <FormAlert>{errorText(send.error)}</FormAlert>}
        <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto sm:self-start">
          {send.isPending ? 'Sending…' : 'Text me a code'}
        </Button>
      </form>
    </>
  );
}

function EnterCode({
  mobile,
  message,
  onProven,
  onRestart,
}: {
  mobile: string;
  message: string;
  onProven: (answer: MobileProofAnswer) => void;
  onRestart: () => void;
}) {
  const check = useCheckCode();
  const { field, handleSubmit } = useZodForm(MobileCodeCheckSchema, {
    mode: 'onSubmit',
    defaultValues: { code: '' },
    toSchemaInput: (values) => ({ ...values, mobile }),
  });
  const onSubmit = handleSubmit(async (body) => {
    if (check.isPending) return;
    const answer = await check.mutateAsync(body).catch(() => undefined);
    if (answer) onProven(answer);
  });
  return (
    <>
      <FormSuccess>
        <p className="font-semibold">{message}</p>
      </FormSuccess>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Code"
          hint="The 6 digits in the text message"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...field('code')}
        />
        {check.isError && <FormAlert>{errorText(check.error)}</FormAlert>}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={check.isPending} className="w-full sm:w-auto">
            {check.isPending ? 'Checking…' : 'Check the code'}
          </Button>
          <button type="button" className={`${secondaryButtonClass} w-full sm:w-auto`} onClick={onRestart}>
            Ask for a new code
          </button>
        </div>
      </form>
    </>
  );
}

function Proven({ proof, expiresAt, onRestart }: MobileProofAnswer & { onRestart: () => void }) {
  const download = useDownloadByMobile();
  const ask = useAskErasureByMobile();
  const [asking, setAsking] = useState(false);
  // 403: the proof has run out; a new code gives a new one.
  const failure = download.error ?? ask.error;
  const expired = failure instanceof ApiError && failure.status === 403;
  const whatHappens =
    'Every entry, waitlist place and programme record whose own mobile is this number is erased: names and contacts are emptied for good, payment amounts stay for the books.';
  return (
    <>
      <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950">
        Your number is checked until {formatDateTime(expiresAt)}.
      </p>
      <div className="flex flex-wrap gap-3">
        {(['pdf', 'json'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className={`${secondaryButtonClass} w-full sm:w-auto`}
            disabled={download.isPending}
            onClick={() => download.mutate({ proof, format })}
          >
            {format === 'pdf' ? 'Download my data (PDF)' : 'Download my data (JSON file)'}
          </button>
        ))}
      </div>
      {download.isError && <FormAlert>{errorText(download.error)}</FormAlert>}
      {ask.isSuccess && ask.data.requestedAt ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          You asked us to erase your data on {formatDateTime(ask.data.requestedAt)}. The request is waiting
          for an organiser, who will deal with it soon.
        </p>
      ) : (
        <button
          type="button"
          className={`${secondaryButtonClass} w-full sm:w-auto sm:self-start`}
          onClick={() => setAsking(true)}
        >
          Ask to erase my data
        </button>
      )}
      {expired && (
        <button
          type="button"
          className={`${secondaryButtonClass} w-full sm:w-auto sm:self-start`}
          onClick={onRestart}
        >
          Ask for a new code
        </button>
      )}
      <ErasureRequestDialog
        open={asking}
        onClose={() => setAsking(false)}
        whatHappens={whatHappens}
        send={(reason) =>
          ask.mutateAsync({ proof, ...reason }).then(
            () => true,
            () => false,
          )
        }
        pending={ask.isPending}
        failure={ask.error}
      />
    </>
  );
}
