import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  type EventSettings,
  type EventSettingsInput,
  EventSettingsInputSchema,
  PaymentOptionsInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Field, inputClass, PHONE_HINT, PhoneField, TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveEventSettings } from '../api/event-settings.ts';
import { failureOf, inputOf, type Outcome, SettingsSection } from './section.tsx';

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
  const { run, outcome, saving } = useSectionSave(settings);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(TextsSchema, {
    mode: 'onTouched',
    defaultValues: textsOf(settings),
  });
  const onSubmit = handleSubmit(async (values) => {
    const saved = await run(values, 'The texts were saved. The landing page shows them now.', (error) =>
      failureOf(error, setError, TEXT_FIELDS),
    );
    if (saved) reset(textsOf(saved));
  });
  return (
    <SettingsSection
      id="texts"
      title="Texts"
      intro="What the landing page and the thank-you page say."
      onSubmit={onSubmit}
      saving={saving}
      saveLabel="Save texts"
      outcome={outcome}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <TextField
          label="Greeting"
          hint="Typed out above the title, e.g. Welcome to"
          error={errors.greeting?.message}
          {...register('greeting')}
        />
      </div>
      <TextField label="Subtitle" error={errors.subtitle?.message} {...register('subtitle')} />
      <PhoneField
        label="Contact phone"
        hint={`Shown on the thank-you page; ${PHONE_HINT}`}
        error={errors.contactPhone?.message}
        {...register('contactPhone')}
        className="sm:max-w-xs"
      />
      <TextField
        label="Photo description"
        hint="Read out to blind visitors instead of the background photo: say what it shows."
        error={errors.backgroundAlt?.message}
        {...register('backgroundAlt')}
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
  'payment.cashPhone',
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
  const { run, outcome, saving } = useSectionSave(settings);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(PaymentSchema, {
    mode: 'onTouched',
    defaultValues: paymentOf(settings),
  });
  const e = errors.payment;
  const onSubmit = handleSubmit(async (values) => {
    const saved = await run(
      values,
      'The payment options were saved. The landing, banking and thank-you pages show them now.',
      (error) => failureOf(error, setError, PAYMENT_FIELDS),
    );
    if (saved) reset(paymentOf(saved));
  });
  const group = 'grid gap-4 rounded-lg border border-stone-200 p-4 sm:grid-cols-2';
  const legend = 'px-1 font-semibold text-stone-900';
  return (
    <SettingsSection
      id="payment"
      title="Payment options"
      intro="The four ways to pay, shown to every registrant."
      onSubmit={onSubmit}
      saving={saving}
      saveLabel="Save payment options"
      outcome={outcome}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Bank" error={e?.bankName?.message} {...register('payment.bankName')} />
        <TextField label="Branch" error={e?.branch?.message} {...register('payment.branch')} />
      </div>
      {(['usd', 'zwg'] as const).map((account, index) => {
        const currency = account.toUpperCase();
        return (
          <fieldset key={account} className={group}>
            <legend className={legend}>{`${index + 1}. ${currency} bank transfer`}</legend>
            <TextField
              label={`${currency} account name`}
              error={e?.[account]?.accountName?.message}
              {...register(`payment.${account}.accountName`)}
            />
            <TextField
              label={`${currency} account number`}
              error={e?.[account]?.accountNumber?.message}
              {...register(`payment.${account}.accountNumber`)}
            />
          </fieldset>
        );
      })}
      <fieldset className={group}>
        <legend className={legend}>3. Cash</legend>
        <PhoneField
          label="Phone to call about cash"
          error={e?.cashPhone?.message}
          {...register('payment.cashPhone')}
        />
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>4. Mobile money</legend>
        <TextField
          label="Provider"
          hint="e.g. EcoCash"
          error={e?.mobileMoney?.provider?.message}
          {...register('payment.mobileMoney.provider')}
        />
        <PhoneField
          label="Mobile-money number"
          error={e?.mobileMoney?.number?.message}
          {...register('payment.mobileMoney.number')}
        />
        <TextField
          label="Account holder name"
          error={e?.mobileMoney?.holderName?.message}
          {...register('payment.mobileMoney.holderName')}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Payment code pattern"
            hint="{amount} is replaced by the race's fee, e.g. *151*1*1*0771234567*{amount}#"
            error={e?.mobileMoney?.codePattern?.message}
            {...register('payment.mobileMoney.codePattern')}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </fieldset>
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
    formState: { errors },
  } = useForm<{ closesAt: string }>({
    mode: 'onTouched',
    defaultValues: { closesAt: toLocalInput(settings.registrationClosesAt) },
  });
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
  const { run, outcome, saving } = useSectionSave(settings);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(TermsSchema, {
    mode: 'onTouched',
    defaultValues: { termsText: settings.termsText },
  });
  const onSubmit = handleSubmit(async ({ termsText }) => {
    const before = settings.termsVersion;
    const saved = await run(
      { termsText },
      (after) =>
        after.termsVersion === before
          ? `Saved. The text did not change, so it stays version ${before}.`
          : `Saved as version ${after.termsVersion}. /Terms shows it now.`,
      (error) => failureOf(error, setError, ['termsText']),
    );
    if (saved) reset({ termsText: saved.termsText });
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
      onSubmit={onSubmit}
      saving={saving}
      saveLabel="Save terms"
      outcome={outcome}
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
