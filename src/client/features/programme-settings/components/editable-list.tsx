import { Fragment, type ReactNode, useState } from 'react';
import { buttonClass, rowButtonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog.tsx';
import { errorText, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { ErrorMessage, Loading } from '../../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../../components/ui/table.tsx';
import {
  type SettingsList,
  type SettingsLists,
  useChangeSetting,
  useSettingsList,
} from '../api/programme-settings.ts';

export interface ListColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  /** The row's name (first column, bold; used in button labels and messages). */
  main?: boolean;
}

/** What the edit dialog's form gets: the row (none when adding) and how to save it. */
export interface EditFormProps<L extends SettingsList> {
  row: SettingsLists[L]['row'] | undefined;
  /** The whole list, once loaded. */
  rows: SettingsLists[L]['row'][] | undefined;
  onSave: (input: SettingsLists[L]['input']) => Promise<void>;
  onCancel: () => void;
  busy: boolean;
  error: unknown;
}

export interface EditableListProps<L extends SettingsList> {
  list: L;
  /** "session", "cell group": in buttons and messages. */
  noun: string;
  columns: ListColumn<SettingsLists[L]['row']>[];
  nameOf: (row: SettingsLists[L]['row']) => string;
  /** The add and edit dialog's form. */
  form: (props: EditFormProps<L>) => ReactNode;
  /** What else goes when a row is removed. */
  removeWarning: string;
  /** More buttons on each row. */
  rowActions?: (row: SettingsLists[L]['row']) => ReactNode;
  /** Said when the list is empty. */
  emptyText?: string;
  dialogTitle?: (row: SettingsLists[L]['row'] | undefined) => string;
  dialogSize?: 'md' | 'lg';
  savedText?: (input: SettingsLists[L]['input']) => string;
  /** What else the table and the form need (e.g. the people to choose from), loaded beside the list. */
  needs?: { ready: boolean; pending: boolean; error: Error | null; retry: () => void };
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Editing<Row> = { row?: Row };

/** A list the admin edits: a table, Add, and Edit / Delete on each row, each in a dialog. */
export function EditableList<L extends SettingsList>({
  list,
  noun,
  columns,
  nameOf,
  form,
  removeWarning,
  rowActions,
  emptyText = 'None yet.',
  dialogTitle = (row) => (row ? `Edit ${noun}` : `Add ${noun}`),
  dialogSize,
  savedText = () => `${capitalise(noun)} saved.`,
  needs = { ready: true, pending: false, error: null, retry: () => undefined },
}: EditableListProps<L>) {
  type Row = SettingsLists[L]['row'];
  const rows = useSettingsList(list);
  const change = useChangeSetting(list);
  const [editing, setEditing] = useState<Editing<Row>>();
  const [removing, setRemoving] = useState<Row>();
  const [notice, setNotice] = useState<string>();
  const failed = rows.error ?? needs.error;
  const ready = rows.data && needs.ready;

  /** A new action: the last answer no longer applies. */
  const start = (next: () => void) => {
    change.reset();
    setNotice(undefined);
    next();
  };

  async function remove(row: Row) {
    try {
      await change.mutateAsync({ action: 'remove', id: row.id });
      setRemoving(undefined);
      setNotice(`${capitalise(noun)} “${nameOf(row)}” removed.`);
    } catch {
      // Shown in the dialog.
    }
  }

  async function save(row: Row | undefined, input: SettingsLists[L]['input']) {
    if (row) await change.mutateAsync({ action: 'change', id: row.id, input });
    else await change.mutateAsync({ action: 'add', input });
    setEditing(undefined);
    setNotice(savedText(input));
  }

  return (
    <div className="flex flex-col gap-3">
      <div>
        <button
          type="button"
          className={buttonClass}
          disabled={!needs.ready}
          onClick={() => start(() => setEditing({}))}
        >
          Add {noun}
        </button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {notice && <FormSuccess>{notice}</FormSuccess>}
      </div>
      {(rows.isPending || needs.pending) && !failed && <Loading />}
      {failed && (
        <ErrorMessage
          onRetry={() => {
            void rows.refetch();
            needs.retry();
          }}
        >
          {errorText(failed)}
        </ErrorMessage>
      )}
      {rows.data?.length === 0 && <p className="text-stone-700">{emptyText}</p>}
      {ready && rows.data.length > 0 && (
        <DataTable label={`${capitalise(noun)}s table`} columns={[...columns.map((c) => c.label), '']}>
          {rows.data.map((row) => (
            <tr key={row.id} className={rowClass}>
              {columns.map((column) => (
                <Cell
                  key={column.label}
                  label={column.main ? undefined : column.label}
                  // A value not set shows nothing, nor its label on a phone.
                  className={
                    column.main ? 'font-semibold text-stone-900' : 'empty:hidden sm:empty:table-cell'
                  }
                >
                  {column.value(row)}
                </Cell>
              ))}
              <Cell className="mt-2 sm:mt-0">
                <div className="flex flex-wrap gap-2 sm:flex-nowrap sm:justify-end">
                  {rowActions?.(row)}
                  <button
                    type="button"
                    className={rowButtonClass}
                    aria-label={`Edit ${nameOf(row)}`}
                    onClick={() => start(() => setEditing({ row }))}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={rowButtonClass}
                    aria-label={`Delete ${nameOf(row)}`}
                    onClick={() => start(() => setRemoving(row))}
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
        title={dialogTitle(editing?.row)}
        onClose={() => setEditing(undefined)}
        size={dialogSize}
      >
        {editing && needs.ready && (
          <Fragment key={editing.row?.id ?? 'new'}>
            {form({
              row: editing.row,
              rows: rows.data,
              onSave: (input) => save(editing.row, input),
              onCancel: () => setEditing(undefined),
              busy: change.isPending,
              error: change.isError ? change.error : undefined,
            })}
          </Fragment>
        )}
      </Dialog>
      <ConfirmDialog
        open={removing !== undefined}
        title={`Delete ${removing ? nameOf(removing) : ''}?`}
        confirmLabel={`Delete ${noun}`}
        busy={change.isPending}
        failure={change.error}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(undefined)}
      >
        <p>{removeWarning}</p>
      </ConfirmDialog>
    </div>
  );
}
