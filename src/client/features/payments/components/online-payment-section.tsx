import { useState } from 'react';
import {
  OnlinePaymentSettingsInputSchema,
  type OnlinePaymentSettingsView,
} from '../../../../shared/payments/online-payment.ts';
import {
  ONLINE_PAYMENT_METHOD_LABELS,
  ONLINE_PAYMENT_METHODS,
} from '../../../../shared/payments/online-payment-settings.ts';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { failureOf, type Outcome, SettingsSection } from '../../../components/ui/settings-section.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useOnlinePaymentSettings, useSaveOnlinePaymentSettings } from '../api/online-payment-settings.ts';
import { PaymentNotices } from './payment-notices.tsx';

const FIELDS = ['enabled', 'integrationId', 'integrationKey', 'methods', 'currency'] as const;

/** The event settings page's "Online payment (Paynow)": the key can be replaced, never read back. */
export function OnlinePaymentSection() {
  const settings = useOnlinePaymentSettings();
  return (
    <>
      {settings.isPending && <Loading label="Loading the online payment settings…" />}
      <QueryError query={settings} />
      {settings.data && <OnlinePaymentForm saved={settings.data} />}
      {settings.data && <PaymentNotices enabled={settings.data.enabled} />}
    </>
  );
}

function OnlinePaymentForm({ saved }: { saved: OnlinePaymentSettingsView }) {
  const save = useSaveOnlinePaymentSettings();
  const [outcome, setOutcome] = useState<Outcome>();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useZodForm(OnlinePaymentSettingsInputSchema, {
    defaultValues: {
      enabled: saved.enabled,
      integrationId: saved.integrationId,
      integrationKey: '',
      methods: saved.methods as string[],
      currency: saved.currency as string,
    },
  });
  const onSubmit = handleSubmit(async (input) => {
    setOutcome(undefined);
    try {
      const now = await save.mutateAsync(input);
      resetField('integrationKey');
      setOutcome({
        kind: 'saved',
        text: now.enabled
          ? 'Online payment is on: entrants can pay with Paynow.'
          : 'Saved. Online payment is off: entrants see only the other ways to pay.',
      });
    } catch (error) {
      setOutcome(failureOf(error, setError, FIELDS));
    }
  });
  const keySet = save.data?.keySet ?? saved.keySet;
  return (
    <SettingsSection
      id="online-payment"
      title="Online payment (Paynow)"
      intro="Entrants pay their fee with EcoCash, OneMoney or a card through Paynow, and their entry is marked paid by itself. Use the integration ID and key from Paynow’s “Receive Payment Links”."
      onSubmit={onSubmit}
      saving={save.isPending}
      saveLabel="Save online payment"
      outcome={outcome}
    >
      <div className="flex items-center gap-3">
        <input
          id="online-payment-enabled"
          type="checkbox"
          {...register('enabled')}
          className="size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor="online-payment-enabled" className="text-stone-800">
          Offer online payment with Paynow
        </label>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Integration ID"
          inputMode="numeric"
          autoComplete="off"
          error={errors.integrationId?.message}
          {...register('integrationId')}
        />
        <TextField
          label="Integration key"
          type="password"
          autoComplete="new-password"
          hint={keySet ? 'Set. Leave empty to keep it, or paste a new one.' : 'Not set.'}
          error={errors.integrationKey?.message}
          {...register('integrationKey')}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-stone-900">Ways to pay</legend>
        {ONLINE_PAYMENT_METHODS.map((method) => (
          <div key={method} className="flex items-center gap-3">
            <input
              id={`online-payment-${method}`}
              type="checkbox"
              value={method}
              {...register('methods')}
              className="size-5 shrink-0 accent-brand-700"
            />
            <label htmlFor={`online-payment-${method}`} className="text-stone-800">
              {ONLINE_PAYMENT_METHOD_LABELS[method]}
            </label>
          </div>
        ))}
        {errors.methods?.message && (
          <p className="text-sm font-medium text-red-700">{errors.methods.message}</p>
        )}
      </fieldset>
      <SelectField
        label="Currency of the Paynow account"
        hint="Entrants pay their race’s fee in this currency."
        fieldClassName="sm:max-w-xs"
        error={errors.currency?.message}
        {...register('currency')}
      >
        <option value="USD">USD</option>
        <option value="ZWG">ZWG</option>
      </SelectField>
    </SettingsSection>
  );
}
