import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ENTRANTS_WITHOUT_EMAIL,
  type SmsSettingsInput,
  SmsSettingsInputSchema,
  type SmsSettingsView,
  TestSmsSchema,
  withoutEmailWarning,
} from '../../../../shared/sms/sms-settings-input.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { CheckboxField, NumberField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SettingsSection, useSettingsForm } from '../../../components/ui/settings-section.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSendTestSms } from '../api/send-test-sms.ts';
import { getSmsSettingsQueryOptions, useSaveSmsSettings, useSmsSettings } from '../api/sms-settings.ts';

const FIELDS = [
  'enabled',
  'account',
  'username',
  'password',
  'senderNumber',
  'capPerEdition',
  'sendFrom',
  'sendUntil',
] as const;

/** The event settings page's "Text messages (SMS)": the password can be replaced, never read back. */
export function SmsSection() {
  const settings = useSmsSettings();
  return (
    <>
      {settings.isPending && <Loading label="Loading the text message settings…" />}
      <QueryError query={settings} />
      {settings.data && <SmsForm saved={settings.data} />}
    </>
  );
}

/**
 * Saving, but first, when texts would go off while entrants have no email, the question whether those N
 * may get no messages; the server takes the answer as that number. More entrants since: asked again.
 */
function useSaveAsked(saved: SmsSettingsView, keptOn: () => void) {
  const mutation = useSaveSmsSettings();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{ count: number; answer: (yes: boolean) => void }>();
  const ask = async (count: number) => {
    const yes = await new Promise<boolean>((answer) => setAsking({ count, answer }));
    setAsking(undefined);
    if (yes) return;
    keptOn();
    throw new ApiError(409, 'Not saved: text messages are still on.');
  };
  const save = {
    isPending: mutation.isPending,
    data: mutation.data,
    mutateAsync: async (input: SmsSettingsInput) => {
      if (!saved.enabled || input.enabled) return mutation.mutateAsync(input);
      let count = saved.entrantsWithoutEmail;
      for (;;) {
        if (count > 0) await ask(count);
        try {
          return await mutation.mutateAsync(count > 0 ? { ...input, confirmNoMessages: count } : input);
        } catch (error) {
          if (!(error instanceof ApiError && error.code === ENTRANTS_WITHOUT_EMAIL)) throw error;
          const now = await queryClient.fetchQuery({ ...getSmsSettingsQueryOptions(), staleTime: 0 });
          if (now.entrantsWithoutEmail === 0) throw error;
          count = now.entrantsWithoutEmail;
        }
      }
    },
  };
  const dialog = (
    <ConfirmDialog
      open={asking !== undefined}
      title="Turn text messages off?"
      confirmLabel="Turn text messages off"
      onConfirm={() => asking?.answer(true)}
      onCancel={() => asking?.answer(false)}
    >
      <p>{withoutEmailWarning(asking?.count ?? 0)}</p>
      <p className="mt-2">
        They gave a mobile number only. Keep texts on, or turn them off and tell these entrants another way.
      </p>
    </ConfirmDialog>
  );
  return { save, dialog };
}

function SmsForm({ saved }: { saved: SmsSettingsView }) {
  const { save, dialog } = useSaveAsked(saved, () => setValue('enabled', true));
  const hoursHintId = useId();
  const { field, register, resetField, setValue, section } = useSettingsForm(SmsSettingsInputSchema, {
    defaultValues: {
      enabled: saved.enabled,
      account: saved.account as string,
      username: saved.username,
      password: '',
      senderNumber: saved.senderNumber,
      capPerEdition: String(saved.capPerEdition),
      sendFrom: saved.sendFrom,
      sendUntil: saved.sendUntil,
    },
    save,
    fields: FIELDS,
    onSaved: () => resetField('password'),
    savedText: (now) =>
      now.enabled
        ? 'Text messages are on: entrants get their messages by SMS as they chose.'
        : 'Saved. Text messages are off: entrants get their messages by email only.',
  });
  const passwordSet = save.data?.passwordSet ?? saved.passwordSet;
  return (
    <SettingsSection
      id="sms"
      title="Text messages (SMS)"
      intro="Entrants get their messages by text too, as each one chooses, through txt.co.zw (Paynow’s SMS service). Ask txt.co.zw’s support for a REMOTE user with Basic authentication, and enter it here."
      saveLabel="Save text message settings"
      after={<TestSms />}
      {...section}
    >
      <CheckboxField label="Send text messages (SMS)" {...register('enabled')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Account"
          hint="The txt.co.zw host of your account: it bills in this currency."
          {...field('account')}
        >
          <option value="USD">USD — usd.txt.co.zw</option>
          <option value="ZWG">ZWG — www.txt.co.zw</option>
        </SelectField>
        <TextField
          label="Sender number"
          optional
          inputMode="tel"
          autoComplete="off"
          hint="A number registered with txt.co.zw; blank uses txt.co.zw’s."
          {...field('senderNumber')}
        />
        <TextField label="Username" autoComplete="off" spellCheck={false} {...field('username')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={
            passwordSet
              ? 'A password is saved. Leave empty to keep it, or type a new one to replace it.'
              : 'Not set. At least 16 characters, as txt.co.zw gave it.'
          }
          {...field('password')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField
          label="Messages per edition"
          hint="Texts stop at this number, except confirmations and receipts to entrants without email. Each message is billed as one SMS."
          min={1}
          {...field('capPerEdition')}
        />
      </div>
      <fieldset aria-describedby={hoursHintId} className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-stone-900">Reminder hours</legend>
        <p id={hoursHintId} className="text-sm text-stone-600">
          Harare time. Replies to what an entrant just did go at once.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Send reminders from" type="time" {...field('sendFrom')} />
          <TextField label="Send reminders until" type="time" {...field('sendUntil')} />
        </div>
      </fieldset>
      <p className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-stone-700">
        Test mode is set on your REMOTE user by txt.co.zw’s support: every message then goes to their
        predefined numbers.
      </p>
      {dialog}
    </SettingsSection>
  );
}

/** "Send a test SMS to…": sent at once with the saved settings, even while text messages are off. */
function TestSms() {
  const send = useSendTestSms();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const { field, handleSubmit } = useZodForm(TestSmsSchema, { defaultValues: { to: '' } });
  const onSubmit = handleSubmit(async (input) => {
    setOutcome(undefined);
    try {
      const sent = await send.mutateAsync(input);
      setOutcome({ ok: true, text: `Sent: txt.co.zw accepted message ${sent.gatewayId}.` });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error) });
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Send a test SMS"
      className="mt-6 flex flex-col gap-3 border-t border-stone-200 pt-5"
    >
      <TextField
        label="Send a test SMS to"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint="Sent at once with the saved settings, even while text messages are off; billed as one SMS."
        fieldClassName="sm:max-w-sm"
        {...field('to')}
      />
      <div aria-live="polite" className="empty:hidden">
        {outcome?.ok && <FormSuccess>{outcome.text}</FormSuccess>}
      </div>
      {outcome && !outcome.ok && <FormAlert>{outcome.text}</FormAlert>}
      <button
        type="submit"
        className={`${secondaryButtonClass} self-start disabled:cursor-not-allowed disabled:opacity-70`}
        disabled={send.isPending}
      >
        {send.isPending ? 'Sending…' : 'Send a test SMS'}
      </button>
    </form>
  );
}
