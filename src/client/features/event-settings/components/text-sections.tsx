import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  type EventSettings,
  type EventSettingsInput,
  EventSettingsInputSchema,
  PaymentOptionsInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { defaultMatchingNote, PAYMENT_METHOD_NAMES } from '../../../../shared/events/payments.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Field, inputClass, PHONE_HINT, PhoneField, TextField } from '../../../components/ui/field.tsx';
import { failureOf, type Outcome, SettingsSection } from '../../../components/ui/settings-section.tsx';
import { useReportUnsaved } from '../../../components/ui/unsaved-changes.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { type FormSchema, useZodForm } from '../../../lib/use-zod-form.ts';
import { inputOf, useSaveEventSettings } from '../api/event-settings.ts';
import { PaymentOrderField } from './payment-order-field.tsx';

const WAIVER_HEADING = 'Celebration Fun Run Registration Waiver';

/** A section's save: its part merged into the rest of the settings as the server has them. */
function useSectionSave(settings: EventSettings) {
  const save = useSaveEventSettings();
  const [outcome, setOutcome] = useState<Outcome>();
  async function run(
    change: Partial<EventSettingsInput>,
    savedText: string | ((saved: EventSettings) => string),
    onError: (error: unknown) => Outcome,
  ) {
    if (save.isPending) return;
    setOutcome(undefined);
    try {
      const saved = await save.mutateAsync({ ...inputOf(settings), ...change });
      setOutcome({ kind: 'saved', text: typeof savedText === 'string' ? savedText : savedText(saved) });
      return saved;
    } catch (error) {
      setOutcome(onError(error));
    }
  }
  return { run, outcome, saving: save.isPending };
}

/**
 * A section's form: checked by its part of the contract, saved into the rest of the settings, its fields'
 * errors beside them and its outcome beside its Save button; afterwards it shows what was saved.
 */
export function useSectionForm<Values extends FieldValues>(
  settings: EventSettings,
  schema: FormSchema<Partial<EventSettingsInput>>,
  {
    valuesOf,
    fields,
    savedText,
    toSchemaInput,
  }: {
    valuesOf: (settings: EventSettings) => Values;
    fields: readonly string[];
    savedText: string | ((saved: EventSettings) => string);
    toSchemaInput?: (values: Values) => FieldValues;
  },
) {
  const { run, outcome, saving } = useSectionSave(settings);
  // Whole values are default values too; TypeScript cannot see that for a type parameter.
  const defaultValues = valuesOf(settings) as DefaultValues<Values>;
  const form = useZodForm(schema, { mode: 'onTouched', defaultValues, toSchemaInput });
  useReportUnsaved(form.formState.isDirty);
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await run(values, savedText, (error) => failureOf(error, form.setError, fields));
    if (saved) form.reset(valuesOf(saved));
  });
  return { ...form, section: { onSubmit, outcome, saving } };
}

const TextsSchema = z.pick(EventSettingsInputSchema, {
  title: true,
  subtitle: true,
  greeting: true,
  contactPhone: true,
  backgroundAlt: true,
});
const TEXT_FIELDS = ['title', 'subtitle', 'greeting', 'contactPhone', 'backgroundAlt'] as const;

function textsOf(settings: EventSettings): Record<(typeof TEXT_FIELDS)[number], string> {
  return {
    title: settings.title,
    subtitle: settings.subtitle,
    greeting: settings.greeting,
    contactPhone: formatPhone(settings.contactPhone),
    backgroundAlt: settings.backgroundAlt,
  };
}

export function TextsSection({ settings }: { settings: EventSettings }) {
  const { field, section } = useSectionForm(settings, TextsSchema, {
    valuesOf: textsOf,
    fields: TEXT_FIELDS,
    savedText: 'The texts were saved. The landing page shows them now.',
  });
  return (
    <SettingsSection
      id="texts"
      title="Texts"
      intro="What the landing page and the thank-you page say."
      saveLabel="Save texts"
      {...section}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Title" {...field('title')} />
        <TextField
          label="Greeting"
          hint="Typed out above the title, e.g. Welcome to"
          {...field('greeting')}
        />
      </div>
      <TextField label="Subtitle" {...field('subtitle')} />
      <PhoneField
        label="Contact phone"
        hint={`Shown on the thank-you page; ${PHONE_HINT}`}
        {...field('contactPhone')}
        className="sm:max-w-xs"
      />
      <TextField
        label="Photo description"
        hint="Read out to blind visitors instead of the background photo: say what it shows."
        {...field('backgroundAlt')}
      />
    </SettingsSection>
  );
}

const PaymentSchema = z.object({ payment: PaymentOptionsInputSchema });
const PAYMENT_FIELDS = [
  'payment.bankName',
  'payment.branch',
  'payment.usd.accountName',
  'payment.usd.accountNumber',
  'payment.zwg.accountName',
  'payment.zwg.accountNumber',
  'payment.mobileMoney.provider',
  'payment.mobileMoney.number',
  'payment.mobileMoney.holderName',
  'payment.mobileMoney.codePattern',
  'payment.mobileMoney.zwgCodePattern',
  'payment.mobileMoney.matchingNote',
  'payment.cashPhone',
  'payment.order',
] as const;
type PaymentValues = { payment: EventSettings['payment'] };

const paymentOf = (settings: EventSettings): PaymentValues => ({
  payment: {
    ...settings.payment,
    mobileMoney: {
      ...settings.payment.mobileMoney,
      number: formatPhone(settings.payment.mobileMoney.number),
    },
    cashPhone: formatPhone(settings.payment.cashPhone),
  },
});

export function PaymentSection({ settings }: { settings: EventSettings }) {
  const {
    field,
    watch,
    setValue,
    formState: { errors },
    section,
  } = useSectionForm(settings, PaymentSchema, {
    valuesOf: paymentOf,
    fields: PAYMENT_FIELDS,
    savedText: 'The payment options were saved. The landing, banking and thank-you pages show them now.',
  });
  const group = 'grid gap-4 rounded-lg border border-stone-200 p-4 sm:grid-cols-2';
  const legend = 'px-1 font-semibold text-stone-900';
  return (
    <SettingsSection
      id="payment"
      title="Payment options"
      intro="The four ways to pay, shown to every registrant in the order set at the end of this section."
      saveLabel="Save payment options"
      {...section}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Bank" {...field('payment.bankName')} />
        <TextField label="Branch" {...field('payment.branch')} />
      </div>
      {(['usd', 'zwg'] as const).map((account) => {
        const currency = account.toUpperCase();
        return (
          <fieldset key={account} className={group}>
            <legend className={legend}>{PAYMENT_METHOD_NAMES[account]}</legend>
            <TextField label={`${currency} account name`} {...field(`payment.${account}.accountName`)} />
            <TextField label={`${currency} account number`} {...field(`payment.${account}.accountNumber`)} />
          </fieldset>
        );
      })}
      <fieldset className={group}>
        <legend className={legend}>{PAYMENT_METHOD_NAMES.cash}</legend>
        <PhoneField label="Phone to call about cash" {...field('payment.cashPhone')} />
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>{PAYMENT_METHOD_NAMES.mobileMoney}</legend>
        <TextField label="Provider" hint="e.g. EcoCash" {...field('payment.mobileMoney.provider')} />
        <PhoneField label="Mobile-money number" {...field('payment.mobileMoney.number')} />
        <TextField label="Account holder name" {...field('payment.mobileMoney.holderName')} />
        {(
          [
            [
              'codePattern',
              'Payment code pattern (US$)',
              "{amount} is replaced by the race's US$ fee, e.g. *151*1*1*0771234567*{amount}#",
            ],
            [
              'zwgCodePattern',
              'Payment code pattern (ZWG)',
              'The same for paying in ZWG; leave empty if you take mobile money in US$ only.',
            ],
          ] as const
        ).map(([name, label, hint]) => (
          <div key={name} className="sm:col-span-2">
            <TextField
              label={label}
              hint={hint}
              {...field(`payment.mobileMoney.${name}`)}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        ))}
        <div className="sm:col-span-2">
          <TextField
            label="How a payment is matched to its entry"
            hint={`The payment menu takes no reference, so say what payers should do. Empty: “${defaultMatchingNote(formatPhone(settings.contactPhone))}”`}
            {...field('payment.mobileMoney.matchingNote')}
          />
        </div>
      </fieldset>
      <PaymentOrderField
        order={watch('payment.order')}
        error={errors.payment?.order?.message}
        onChange={(order) => setValue('payment.order', order, { shouldDirty: true })}
      />
    </SettingsSection>
  );
}

// Harare keeps Central Africa Time (UTC+2) all year, without daylight saving: a fixed offset is exact.
const HARARE_OFFSET = '+02:00';
const HARARE_OFFSET_MS = 2 * 3_600_000;
/** "2025-11-30T17:00" (what <input type="datetime-local"> holds) for an ISO time, in Harare. */
const toLocalInput = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + HARARE_OFFSET_MS).toISOString().slice(0, 16) : '';
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export function ClosingSection({ settings }: { settings: EventSettings }) {
  const { run, outcome, saving } = useSectionSave(settings);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isDirty },
  } = useForm<{ closesAt: string }>({
    mode: 'onTouched',
    defaultValues: { closesAt: toLocalInput(settings.registrationClosesAt) },
  });
  useReportUnsaved(isDirty);
  const onSubmit = handleSubmit(async ({ closesAt }) => {
    const value = closesAt.trim();
    if (value && !LOCAL_TIME.test(value)) {
      setError('closesAt', { message: 'Enter a valid closing date and time' }, { shouldFocus: true });
      return;
    }
    const saved = await run(
      { registrationClosesAt: value ? `${value}:00${HARARE_OFFSET}` : null },
      value ? 'The closing time was saved.' : 'Saved: registration stays open.',
      (error) => {
        const field =
          error instanceof ApiError && error.errors.find((e) => e.path === 'registrationClosesAt');
        if (field) setError('closesAt', { message: field.message }, { shouldFocus: true });
        return failureOf(error, setError, field ? ['registrationClosesAt'] : []);
      },
    );
    if (saved) reset({ closesAt: toLocalInput(saved.registrationClosesAt) });
  });
  const closesAt = settings.registrationClosesAt;
  const closed = closesAt !== null && new Date(closesAt).getTime() <= Date.now();
  return (
    <SettingsSection
      id="closing"
      title="Registration closing time"
      intro={
        <p>
          {closesAt === null
            ? 'Now: no closing time, registration stays open.'
            : closed
              ? `Now: registration closed on ${formatDateTime(closesAt)} (Harare time).`
              : `Now: registration closes on ${formatDateTime(closesAt)} (Harare time).`}
        </p>
      }
      onSubmit={onSubmit}
      saving={saving}
      saveLabel="Save closing time"
      outcome={outcome}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-72">
          <TextField
            label="Closes at (Harare time)"
            hint="Empty: registration stays open."
            error={errors.closesAt?.message}
            {...register('closesAt')}
            type="datetime-local"
          />
        </div>
        <button
          type="button"
          className={`${secondaryButtonClass} self-start sm:self-end`}
          onClick={() => setValue('closesAt', '', { shouldDirty: true })}
        >
          Clear: keep open
        </button>
      </div>
    </SettingsSection>
  );
}

const TermsSchema = z.pick(EventSettingsInputSchema, { termsText: true });

export function TermsSection({ settings }: { settings: EventSettings }) {
  const before = settings.termsVersion;
  const {
    register,
    formState: { errors },
    section,
  } = useSectionForm(settings, TermsSchema, {
    valuesOf: (saved) => ({ termsText: saved.termsText }),
    fields: ['termsText'],
    savedText: (after) =>
      after.termsVersion === before
        ? `Saved. The text did not change, so it stays version ${before}.`
        : `Saved as version ${after.termsVersion}. /Terms shows it now.`,
  });
  return (
    <SettingsSection
      id="terms"
      title="Terms and conditions"
      intro={
        <p>
          Version {settings.termsVersion}. Saving a change to the text raises the version: each new entry
          records the version its registrant agreed to.
        </p>
      }
      saveLabel="Save terms"
      {...section}
    >
      <Field
        label="Terms text"
        hint={`Shown on /Terms. Each line is a paragraph; a line reading “${WAIVER_HEADING}” starts the waiver.`}
        error={errors.termsText?.message}
      >
        {(a11y) => (
          <textarea {...a11y} {...register('termsText')} rows={12} className={`${inputClass} font-normal`} />
        )}
      </Field>
    </SettingsSection>
  );
}
