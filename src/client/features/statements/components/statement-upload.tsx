import { useState } from 'react';
import {
  ACCOUNT_CURRENCY,
  STATEMENT_ACCOUNT_LABELS,
  STATEMENT_ACCOUNTS,
  type StatementAccount,
  StatementMappingSchema,
  type StatementPreview,
} from '../../../../shared/statements/statements.ts';
import { SubmitButton, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Field, fileInputClass, SelectField } from '../../../components/ui/field.tsx';
import { FileSample } from '../../../components/ui/file-sample.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { Panel } from '../../../components/ui/section.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useImportStatement, usePreviewStatement } from '../api/statements.ts';

/** Step 1 and 2: the account and the file, then which column holds what. Answers the new import's id. */
/** The columns every statement must name, with what each holds. */
const COLUMN_FIELDS = [
  ['date', 'Date', 'The day the money came in'],
  ['narrative', 'Description', "The narrative, where the payer's reference is"],
  ['amount', 'Amount', 'Money in (the credit column, when there are two)'],
] as const;

export function StatementUpload({
  onImported,
}: {
  onImported: (result: { id: string | null; alreadyImported: number; skippedRows: number }) => void;
}) {
  const [account, setAccount] = useState<StatementAccount>('usd_bank');
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const preview = usePreviewStatement();

  if (preview.data && file) {
    return (
      <ColumnMapping
        account={account}
        file={file}
        preview={preview.data}
        onBack={() => preview.reset()}
        onImported={onImported}
      />
    );
  }
  return (
    <Panel>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file) return setFileError('Choose the statement file');
          preview.mutate({ account, file });
        }}
      >
        <h2 className="text-xl font-bold">1. Statement</h2>
        <SelectField
          label="Account"
          value={account}
          onChange={(event) => setAccount(event.target.value as StatementAccount)}
        >
          {STATEMENT_ACCOUNTS.map((value) => (
            <option key={value} value={value}>
              {STATEMENT_ACCOUNT_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Statement file (CSV)"
          hint="Download the statement from online banking or the merchant portal as CSV."
          error={fileError}
        >
          {(a11y) => (
            <input
              {...a11y}
              type="file"
              accept=".csv,text/csv"
              className={fileInputClass}
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                setFileError(undefined);
              }}
            />
          )}
        </Field>
        {preview.isError && <FormAlert>{errorText(preview.error)}</FormAlert>}
        <div>
          <SubmitButton busy={preview.isPending} busyLabel="Reading the file…">
            Next: choose columns
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}

/** The form's currency choice: a column's heading, or "=USD" / "=ZWG" for the whole file. */
const FIXED = '=';

function ColumnMapping({
  account,
  file,
  preview,
  onBack,
  onImported,
}: {
  account: StatementAccount;
  file: File;
  preview: StatementPreview;
  onBack: () => void;
  onImported: (result: { id: string | null; alreadyImported: number; skippedRows: number }) => void;
}) {
  const upload = useImportStatement();
  const offered = preview.mapping;
  const own = ACCOUNT_CURRENCY[account];
  const currency =
    offered?.currency ?? ((offered?.fixedCurrency ?? own) ? `${FIXED}${offered?.fixedCurrency ?? own}` : '');
  const form = useZodForm(StatementMappingSchema, {
    defaultValues: {
      date: offered?.date ?? '',
      narrative: offered?.narrative ?? '',
      amount: offered?.amount ?? '',
      currency,
      payer: offered?.payer ?? '',
      payerName: offered?.payerName ?? '',
    },
    toSchemaInput: ({ currency: chosen, ...columns }) =>
      chosen.startsWith(FIXED)
        ? { ...columns, fixedCurrency: chosen.slice(1) }
        : { ...columns, ...(chosen ? { currency: chosen } : {}) },
  });
  const { errors } = form.formState;
  const columnOptions = preview.columns.map((column) => (
    <option key={column} value={column}>
      {column}
    </option>
  ));

  return (
    <Panel>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((mapping) =>
          upload.mutate(
            { account, mapping, file },
            {
              onSuccess: ({ review, alreadyImported, skippedRows }) =>
                onImported({ id: review?.id ?? null, alreadyImported, skippedRows }),
            },
          ),
        )}
      >
        <h2 className="text-xl font-bold">2. Columns</h2>
        <p className="text-stone-700">
          {file.name}: {preview.rowCount} rows, {STATEMENT_ACCOUNT_LABELS[account]}.{' '}
          {preview.remembered
            ? 'The columns are those you chose for this account last time.'
            : 'Say which column holds what; it is remembered for this account’s next statement.'}
        </p>
        <FileSample columns={preview.columns} rows={preview.rows} />
        <div className="grid gap-4 sm:grid-cols-2">
          {COLUMN_FIELDS.map(([name, label, hint]) => (
            <SelectField
              key={name}
              label={label}
              hint={hint}
              error={errors[name]?.message}
              {...form.register(name)}
            >
              <option value="">Choose a column</option>
              {columnOptions}
            </SelectField>
          ))}
          <SelectField
            label="Currency"
            hint="A column, or one for the whole file"
            {...form.register('currency')}
          >
            {own === null && <option value="">Choose a column or a currency</option>}
            <option value={`${FIXED}USD`}>All in USD</option>
            <option value={`${FIXED}ZWG`}>All in ZWG</option>
            {columnOptions}
          </SelectField>
          <SelectField
            label="Payer's number"
            hint="Mobile money: a line without a reference is matched by the number that paid"
            {...form.register('payer')}
          >
            <option value="">None</option>
            {columnOptions}
          </SelectField>
          <SelectField
            label="Payer's name"
            hint="Shown beside the description, to help you assign a line by hand"
            {...form.register('payerName')}
          >
            <option value="">None</option>
            {columnOptions}
          </SelectField>
        </div>
        {upload.isError && <FormAlert>{errorText(upload.error)}</FormAlert>}
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={upload.isPending} busyLabel="Matching…">
            Import and match
          </SubmitButton>
          <button type="button" className={secondaryButtonClass} onClick={onBack}>
            Back
          </button>
        </div>
      </form>
    </Panel>
  );
}
