import * as z from 'zod/mini';
import {
  type EventSettings,
  EventSettingsInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { CheckboxField, TextField } from '../../../components/ui/field.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { useSectionForm } from './text-sections.tsx';

const TransfersSchema = z.pick(EventSettingsInputSchema, {
  transfersAllowed: true,
  transfersUntil: true,
  transferFeeUsd: true,
  transferFeeZwg: true,
});
interface TransfersValues {
  transfersAllowed: boolean;
  transfersUntil: string;
  transferFeeUsd: string;
  transferFeeZwg: string;
}

/** "Give my place to someone" on entrants' pages: allowed or not, until when, and its fee. */
export function TransfersSection({ settings }: { settings: EventSettings }) {
  const { field, section } = useSectionForm(settings, TransfersSchema, {
    valuesOf: (saved): TransfersValues => ({
      transfersAllowed: saved.transfersAllowed,
      transfersUntil: saved.transfersUntil ?? '',
      transferFeeUsd: saved.transferFeeUsd,
      transferFeeZwg: saved.transferFeeZwg,
    }),
    toSchemaInput: (values: TransfersValues) => ({
      ...values,
      transfersUntil: values.transfersUntil || null,
    }),
    fields: ['transfersAllowed', 'transfersUntil', 'transferFeeUsd', 'transferFeeZwg'],
    savedText: 'The transfer settings were saved. Entrants’ pages follow them now.',
  });
  const { error: _error, ...allowed } = field('transfersAllowed');
  return (
    <SettingsSection
      id="transfers"
      title="Giving a place to someone"
      intro="An entrant who cannot come may send his place to someone else from his own page: the new person fills in his own details and the entry becomes his, with its reference and payment."
      saveLabel="Save transfer settings"
      {...section}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <CheckboxField label="Entrants may give their place to someone" {...allowed} />
        </div>
        <TextField
          label="Transfers until"
          hint="The last day a place may be given. Empty: while registration is open."
          {...field('transfersUntil')}
          type="date"
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Transfer fee (USD)"
            hint="0 for none"
            {...field('transferFeeUsd')}
            inputMode="decimal"
          />
          <TextField
            label="Transfer fee (ZWG)"
            hint="0 for none"
            {...field('transferFeeZwg')}
            inputMode="decimal"
          />
        </div>
      </div>
    </SettingsSection>
  );
}
