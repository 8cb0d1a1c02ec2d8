import {
  OnlinePaymentSettingsInputSchema,
  type OnlinePaymentSettingsView,
} from '../../../../shared/payments/online-payment.ts';
import {
  ONLINE_PAYMENT_METHOD_LABELS,
  ONLINE_PAYMENT_METHODS,
} from '../../../../shared/payments/online-payment-settings.ts';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SettingsSection, useSettingsForm } from '../../../components/ui/settings-section.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { useOnlinePaymentSettings, useSaveOnlinePaymentSettings } from '../api/online-payment-settings.ts';
import { PaymentNotices } from './payment-notices.tsx';

const FIELDS = ['enabled', 'integrationId', 'integrationKey', 'methods', 'currency', 'omariMethod'] as const;

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
  const {
    field,
    register,
    resetField,
    formState: { errors },
    section,
  } = useSettingsForm(OnlinePaymentSettingsInputSchema, {
    defaultValues: {
      enabled: saved.enabled,
      integrationId: saved.integrationId,
      integrationKey: '',
      methods: saved.methods as string[],
      currency: saved.currency as string,
      omariMethod: saved.omariMethod,
    },
    save,
    fields: FIELDS,
    onSaved: () => resetField('integrationKey'),
    savedText: (now) =>
      now.enabled
        ? 'Online payment is on: entrants can pay with Paynow.'
        : 'Saved. Online payment is off: entrants see only the other ways to pay.',
  });
  const keySet = save.data?.keySet ?? saved.keySet;
  return (
    <SettingsSection
      id="online-payment"
      title="Online payment (Paynow)"
      intro="Entrants pay their fee with EcoCash, OneMoney, InnBucks, O’mari or a card through Paynow, and their entry is marked paid by itself. Use the integration ID and key from Paynow’s “Receive Payment Links”, and offer only the ways to pay Paynow has turned on for that integration."
      saveLabel="Save online payment"
      {...section}
    >
      <CheckboxField label="Offer online payment with Paynow" {...register('enabled')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Integration ID"
          inputMode="numeric"
          autoComplete="off"
          {...field('integrationId')}
        />
        <TextField
          label="Integration key"
          type="password"
          autoComplete="new-password"
          hint={keySet ? 'Set. Leave empty to keep it, or paste a new one.' : 'Not set.'}
          {...field('integrationKey')}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-stone-900">Ways to pay</legend>
        {ONLINE_PAYMENT_METHODS.map((method) => (
          <CheckboxField
            key={method}
            label={ONLINE_PAYMENT_METHOD_LABELS[method]}
            value={method}
            {...register('methods')}
          />
        ))}
        {errors.methods?.message && (
          <p className="text-sm font-medium text-red-700">{errors.methods.message}</p>
        )}
      </fieldset>
      <TextField
        label="O’mari’s method name at Paynow"
        hint="paygo, as Paynow’s documents name it. If Paynow refuses O’mari payments, ask Paynow: some accounts call it omari."
        autoComplete="off"
        fieldClassName="sm:max-w-xs"
        {...field('omariMethod')}
      />
      <SelectField
        label="Currency of the Paynow account"
        hint="Entrants pay their race’s fee in this currency."
        fieldClassName="sm:max-w-xs"
        {...field('currency')}
      >
        <option value="USD">USD</option>
        <option value="ZWG">ZWG</option>
      </SelectField>
    </SettingsSection>
  );
}
