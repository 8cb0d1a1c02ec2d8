import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { buttonClass, rowButtonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogActions, DialogError } from '../../../components/ui/dialog.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { errorText, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { ErrorMessage, Loading } from '../../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../../components/ui/table.tsx';
import { ApiError } from '../../../lib/api.ts';
import {
  type SettingsList,
  type SettingsLists,
  useChangeSetting,
  useSettingsList,
} from '../api/programme-settings.ts';

export const smallButton = rowButtonClass;

export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'date' | 'select';
  hint?: string;
  options?: readonly (readonly [value: string, label: string])[];
}

export interface ListColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  /** The row's name (first column, bold; used in button labels and messages). */
  main?: boolean;
}

type Values = Record<string, string>;

interface SimpleListProps<L extends Exclude<SettingsList, 'groups'>> {
  list: L;
  /** "session", "assignment": in buttons and messages. */
  noun: string;
  schema: z.ZodMiniType;
  fields: readonly FormField[];
  columns: ListColumn<SettingsLists[L]['row']>[];
  nameOf: (row: SettingsLists[L]['row']) => string;
  empty: Values;
  valuesOf: (row: SettingsLists[L]['row']) => Values;
  /** What else goes when a row is removed. */
  removeWarning: string;
  /** More buttons on each row. */
  rowActions?: (row: SettingsLists[L]['row']) => ReactNode;
}

type Editing<Row> = { mode: 'add' } | { mode: 'change'; row: Row };

/** A list the admin edits: a table, Add, and Edit / Delete on each row, each in a dialog. */
export function SimpleList<L extends Exclude<SettingsList, 'groups'>>(props: SimpleListProps<L>) {
  type Row = SettingsLists[L]['row'];
  const { list, noun, columns, nameOf, removeWarning, rowActions } = props;
  const rows = useSettingsList(list);
  const change = useChangeSetting(list);
  const [editing, setEditing] = useState<Editing<Row>>();
  const [removing, setRemoving] = useState<Row>();
  const [notice, setNotice] = useState<string>();

  async function remove(row: Row) {
    try {
      await change.mutateAsync({ action: 'remove', id: row.id });
      setRemoving(undefined);
      setNotice(`${capitalise(noun)} “${nameOf(row)}” removed.`);
    } catch {
      // Shown in the dialog.
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div>
        <button
          type="button"
          className={buttonClass}
          onClick={() => {
            change.reset();
            setNotice(undefined);
            setEditing({ mode: 'add' });
          }}
        >
          Add {noun}
        </button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {notice && <FormSuccess>{notice}</FormSuccess>}
      </div>
      {rows.isPending && <Loading />}
      {rows.isError && <ErrorMessage onRetry={() => rows.refetch()}>{errorText(rows.error)}</ErrorMessage>}
      {rows.data?.length === 0 && <p className="text-stone-700">None yet.</p>}
      {rows.data && rows.data.length > 0 && (
        <DataTable label={`${capitalise(noun)}s table`} columns={[...columns.map((c) => c.label), '']}>
          {rows.data.map((row) => (
            <tr key={row.id} className={rowClass}>
              {columns.map((column) => (
                <Cell
                  key={column.label}
                  label={column.main ? undefined : column.label}
                  className={column.main ? 'font-semibold text-stone-900' : ''}
                >
                  {column.value(row)}
                </Cell>
              ))}
              <Cell className="mt-2 sm:mt-0">
                <div className="flex flex-wrap gap-2 sm:flex-nowrap sm:justify-end">
                  {rowActions?.(row)}
                  <button
                    type="button"
                    className={smallButton}
                    aria-label={`Edit ${nameOf(row)}`}
                    onClick={() => {
                      change.reset();
                      setNotice(undefined);
                      setEditing({ mode: 'change', row });
                    }}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    aria-label={`Delete ${nameOf(row)}`}
                    onClick={() => {
                      change.reset();
                      setNotice(undefined);
                      setRemoving(row);
                    }}
                  >
                    Delete
                  </button>
                </div>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <Dialog
        open={editing !== undefined}
        title={editing?.mode === 'change' ? `Edit ${noun}` : `Add ${noun}`}
        onClose={() => setEditing(undefined)}
      >
        {editing && (
          <SimpleForm
            key={editing.mode === 'change' ? editing.row.id : 'new'}
            {...props}
            initial={editing.mode === 'change' ? props.valuesOf(editing.row) : props.empty}
            onCancel={() => setEditing(undefined)}
            onSave={async (input) => {
              const saved = input as SettingsLists[L]['input'];
              if (editing.mode === 'change') {
                await change.mutateAsync({ action: 'change', id: editing.row.id, input: saved });
              } else {
                await change.mutateAsync({ action: 'add', input: saved });
              }
              setEditing(undefined);
              setNotice(`${capitalise(noun)} saved.`);
            }}
            busy={change.isPending}
            error={change.isError ? change.error : undefined}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={removing !== undefined}
        title={`Delete ${removing ? nameOf(removing) : ''}?`}
        confirmLabel={`Delete ${noun}`}
        busy={change.isPending}
        error={change.isError ? errorText(change.error) : undefined}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(undefined)}
      >
        <p>{removeWarning}</p>
      </ConfirmDialog>
    </div>
  );
}

function SimpleForm({
  schema,
  fields,
  initial,
  onCancel,
  onSave,
  busy,
  error,
}: {
  schema: z.ZodMiniType;
  fields: readonly FormField[];
  initial: Values;
  onCancel: () => void;
  onSave: (input: unknown) => Promise<void>;
  busy: boolean;
  error: unknown;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema as never) as never,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: initial,
  });
  const onSubmit = handleSubmit(async (data) => {
    if (busy) return;
    try {
      await onSave(data);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return;
      for (const fieldError of failure.errors) {
        if (fields.some((field) => field.name === fieldError.path)) {
          setError(fieldError.path, { message: fieldError.message });
        }
      }
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {fields.map((field) => (
        <Field key={field.name} label={field.label} hint={field.hint} error={errors[field.name]?.message}>
          {(a11y) =>
            field.type === 'select' ? (
              <select {...a11y} {...register(field.name)} className={inputClass}>
                {field.options?.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            ) : (
              <input {...a11y} {...register(field.name)} type={field.type} className={inputClass} />
            )
          }
        </Field>
      ))}
      {error !== undefined && <DialogError>{errorText(error)}</DialogError>}
      <DialogActions>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </DialogActions>
    </form>
  );
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
