import { formatShortDate, harareToday } from '../../../../shared/dates.ts';
import type { EventSettings } from '../../../../shared/event-settings/event-settings.ts';
import { ZwgRateInputSchema } from '../../../../shared/event-settings/zwg-rate-settings.ts';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import {
  fixedFeeAboveRate,
  freshRate,
  RATE_FRESH_DAYS,
  rateAgeDays,
  rateText,
  ZWG_ROUNDINGS,
  zwgFeeOf,
} from '../../../../shared/events/zwg-rate.ts';
import { priceText } from '../../../../shared/money.ts';
import { CheckboxField, NumberField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { SettingsSection, useSettingsForm } from '../../../components/ui/settings-section.tsx';
import { useSaveZwgRate } from '../api/zwg-rate.ts';

const FIELDS = [
  'zwgFollowsRate',
  'zwgRate',
  'zwgRateDate',
  'zwgRateKind',
  'zwgRoundTo',
  'quoteHonourDays',
] as const;

interface ZwgRateValues {
  zwgFollowsRate: boolean;
  zwgRate: string;
  zwgRateDate: string;
  zwgRateKind: 'mid' | 'selling';
  zwgRoundTo: string;
  quoteHonourDays: string;
}

const KIND_LABELS = { selling: 'Interbank selling rate', mid: 'Interbank mid rate' } as const;

/**
 * How ZWG fees are set (issue 42 §1): at each race's USD fee times the official rate the admin types, rounded
 * down, or the races' fixed ZWG fees; with warnings for a stale rate and fixed fees above the rate.
 */
export function ZwgRateSection({ settings }: { settings: EventSettings }) {
  const save = useSaveZwgRate();
  const { field, section, watch } = useSettingsForm(ZwgRateInputSchema, {
    mode: 'onTouched',
    defaultValues: {
      zwgFollowsRate: settings.zwgFollowsRate,
      zwgRate: settings.zwgRate ? rateText(settings.zwgRate) : '',
      zwgRateDate: settings.zwgRateDate ?? '',
      zwgRateKind: settings.zwgRateKind,
      zwgRoundTo: String(settings.zwgRoundTo),
      quoteHonourDays: String(settings.quoteHonourDays),
    } satisfies ZwgRateValues,
    toSchemaInput: (values: ZwgRateValues) => ({
      ...values,
      zwgRate: values.zwgRate.trim() || null,
      zwgRateDate: values.zwgRateDate || null,
    }),
    save,
    fields: FIELDS,
    savedText: (saved) =>
      saved.zwgFollowsRate
        ? 'Saved. Entrants are asked the ZWG fees at this rate from now on; earlier quotes are honoured as set.'
        : 'Saved. Entrants are asked the races’ fixed ZWG fees.',
  });
  const { error: _error, ...follows } = field('zwgFollowsRate');
  const following = watch('zwgFollowsRate');
  const kind = watch('zwgRateKind');
  return (
    <SettingsSection
      id="zwg-rate"
      title="ZWG fees and the official rate"
      intro="Charging more in ZWG than the official rate allows is not permitted. Type the Reserve Bank’s rate as it publishes it: each race’s ZWG fee is then its USD fee at that rate, rounded down. An entrant keeps the amount he was quoted for the days you set, even if the rate moves."
      saveLabel="Save ZWG rate"
      after={<RateWarnings settings={settings} />}
      {...section}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <CheckboxField label="ZWG fees follow the USD fee at the official rate" {...follows} />
        </div>
        <TextField
          label={`Official rate: ZWG per US$1 (${KIND_LABELS[kind].toLowerCase()})`}
          hint="As the Reserve Bank published it, e.g. 26.7845"
          {...field('zwgRate')}
          inputMode="decimal"
          optional={!following}
        />
        <TextField
          label="Date of the rate"
          hint={`A rate older than ${RATE_FRESH_DAYS} days cannot be published.`}
          {...field('zwgRateDate')}
          type="date"
          optional={!following}
        />
        <SelectField label="Which rate" {...field('zwgRateKind')}>
          <option value="selling">{KIND_LABELS.selling}</option>
          <option value="mid">{KIND_LABELS.mid}</option>
        </SelectField>
        <SelectField label="Round ZWG fees down to" {...field('zwgRoundTo')}>
          {ZWG_ROUNDINGS.map((step) => (
            <option key={step} value={step}>
              {step === 1 ? 'Whole ZWG' : `Multiples of ZWG ${step}`}
            </option>
          ))}
        </SelectField>
        <NumberField
          label="Honour a quoted amount for N days"
          hint="0–90; 14 is the usual. After that the entry owes the amount at the current rate."
          {...field('quoteHonourDays')}
          min={0}
          max={90}
        />
      </div>
    </SettingsSection>
  );
}

/** What the saved settings make entrants pay, and what is wrong with them. */
function RateWarnings({ settings }: { settings: EventSettings }) {
  const today = harareToday();
  const rate = settings.zwgRate;
  const date = settings.zwgRateDate;
  const stale = rate !== null && date !== null && !freshRate(date, today);
  const above = settings.zwgFollowsRate ? [] : settings.races.filter((race) => fixedFeeAboveRate(race, rate));
  const name = (race: EventSettings['races'][number]) =>
    `${DISCIPLINE_LABELS[race.discipline]} ${race.label}`;
  return (
    <div className="mt-4 space-y-3">
      {stale && date && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          The rate is {rateAgeDays(date, today)} days old (from {formatShortDate(date)}): type the latest
          official rate.
        </p>
      )}
      {above.length > 0 && rate && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <p>These fixed ZWG fees are above the USD fee at the official rate of {rateText(rate)}:</p>
          <ul className="mt-1 list-disc pl-5">
            {above.map((race) => (
              <li key={race.id}>
                {name(race)}: {priceText('ZWG', race.feeZwg)}, more than{' '}
                {priceText('ZWG', zwgFeeOf(race, { zwgFollowsRate: true, zwgRate: rate, zwgRoundTo: 1 }))}
              </li>
            ))}
          </ul>
        </div>
      )}
      {settings.zwgFollowsRate && rate && (
        <div>
          <p className="font-medium text-stone-800">What entrants are asked now</p>
          <ul className="mt-1 text-stone-700">
            {settings.races.map((race) => (
              <li key={race.id}>
                {name(race)}: {priceText('USD', race.feeUsd) ?? 'no USD fee'} ·{' '}
                {priceText('ZWG', zwgFeeOf(race, settings)) ?? 'no ZWG fee'}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
