import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { PersonKind, PersonListRow } from '../../../shared/people/people.ts';
import { secondaryButtonClass } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { Pager, usePageOf } from '../../components/ui/pager.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { DataTable, type SortableColumn } from '../../components/ui/table.tsx';
import { useDecideApplication, useDeletePerson } from '../../features/people/api/change-person.ts';
import {
  exportCsvUrl,
  getEveryPersonQueryOptions,
  type PeopleFilter,
  usePeople,
} from '../../features/people/api/list-people.ts';
import { PersonEditDialog } from '../../features/people/components/person-edit-dialog.tsx';
import { PersonRow } from '../../features/people/components/person-row.tsx';
import { PrintLayout } from '../../features/people/components/print-layout.tsx';
import {
  fullName,
  type PersonSort,
  type RegisterColumn,
  registerColumns,
} from '../../features/people/components/register-columns.ts';
import { useSearchText } from '../../lib/use-debounced-value.ts';

const PAGE_SIZE = 25;

type Notice = { kind: 'done' | 'failed'; text: string };
type Direction = 'asc' | 'desc';

const COPY: Record<PersonKind, { title: string; one: string; many: string; none: string; intro: string }> = {
  men: {
    title: 'Registered Men',
    one: 'man',
    many: 'men',
    none: 'No men registered yet',
    intro:
      'Search by name, email, church or phone, and sort by any column. Manage opens one man’s own details, his address included, to change them.',
  },
  facilitators: {
    title: 'Registered Facilitators',
    one: 'facilitator',
    many: 'facilitators',
    none: 'No facilitators registered yet',
    intro:
      'Applicants are listed first: approve or decline them. Search by name, email, church or phone, and sort by any column. Manage opens one record, the address included.',
  },
};

const sortOrderLabel = (column: RegisterColumn, dir: Direction) =>
  `${column.label}, ${column.sort === 'age' ? (dir === 'asc' ? 'youngest first' : 'oldest first') : dir === 'asc' ? 'A to Z' : 'Z to A'}`;

/** /RegisteredMan and /RegisteredFacilitator: the admin's register, with search, sort, paging, print and CSV. */
export function PeopleRegister({ kind }: { kind: PersonKind }) {
  const copy = COPY[kind];
  const columns = registerColumns(kind);
  const queryClient = useQueryClient();
  const { text, setText, query, searchNow } = useSearchText();
  const [page, setPage] = usePageOf(query);
  const [sort, setSort] = useState<PersonSort>('lastName');
  const [dir, setDir] = useState<Direction>('asc');
  const [notice, setNotice] = useState<Notice>();
  const [editing, setEditing] = useState<PersonListRow>();
  const [deleting, setDeleting] = useState<PersonListRow>();
  const [declining, setDeclining] = useState<PersonListRow>();
  const [printable, setPrintable] = useState<{ key: string; rows: PersonListRow[]; total: number }>();
  const [preparingPrint, setPreparingPrint] = useState(false);

  const filter: PeopleFilter = { q: query || undefined, sort, dir };
  const filterKey = JSON.stringify(filter);
  const people = usePeople(kind, { ...filter, page, pageSize: PAGE_SIZE });
  const remove = useDeletePerson(kind);
  const decide = useDecideApplication();
  const list = people.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const count = (n: number) => `${n} ${n === 1 ? copy.one : copy.many}`;

  // The last row of the last page was deleted (or another admin's change): show the new last page.
  useEffect(() => {
    if (list && list.rows.length === 0 && list.total > 0 && list.page > 1) {
      setPage(() => Math.ceil(list.total / list.pageSize));
    }
  }, [list, setPage]);

  function sortBy(next: PersonSort, nextDir?: Direction) {
    setDir(nextDir ?? (next === sort && dir === 'asc' ? 'desc' : 'asc'));
    setSort(next);
    setPage(() => 1);
  }

  const headings: (string | SortableColumn)[] = [
    ...columns.map((column) => {
      const by = column.sort;
      if (!by) return column.label;
      return {
        label: column.label,
        sort: by === sort ? (dir === 'asc' ? 'ascending' : 'descending') : 'none',
        onSort: () => sortBy(by),
      } satisfies SortableColumn;
    }),
    '',
  ];

  async function printAll() {
    setNotice(undefined);
    setPreparingPrint(true);
    try {
      const all = await queryClient.fetchQuery({ ...getEveryPersonQueryOptions(kind, filter), staleTime: 0 });
      // The print layout must be in the page before the print dialog takes its picture of it.
      flushSync(() => setPrintable({ key: filterKey, rows: all.rows, total: all.total }));
      window.print();
    } catch (error) {
      setNotice({ kind: 'failed', text: `Could not prepare the list for printing. ${errorText(error)}` });
    } finally {
      setPreparingPrint(false);
    }
  }

  async function decideOn(person: PersonListRow, decision: 'approve' | 'decline') {
    setNotice(undefined);
    try {
      const updated = await decide.mutateAsync({ person, decision });
      setDeclining(undefined);
      const name = fullName(updated);
      setNotice({
        kind: 'done',
        text:
          decision === 'decline'
            ? `Declined. ${name}’s application is closed, and he was told by email.`
            : updated.hasAccount
              ? `Approved. ${name} now has facilitator access, and was told by email.`
              : `Approved. ${name} was invited by email to create an account.`,
      });
    } catch (error) {
      // A decline's failure shows in its dialog.
      if (decision === 'approve') {
        setNotice({ kind: 'failed', text: `${fullName(person)} was not approved. ${errorText(error)}` });
      }
    }
  }

  async function deleteConfirmed(person: PersonListRow) {
    try {
      await remove.mutateAsync(person);
      setDeleting(undefined);
      setNotice({ kind: 'done', text: `${fullName(person)} was deleted from the register.` });
    } catch {
      // Shown inside the dialog.
    }
  }

  const printed = printable?.key === filterKey ? printable : undefined;
  const sortColumn = columns.find((column) => column.sort === sort);
  const described = [
    query && `search “${query}”`,
    sortColumn && `sorted by ${sortOrderLabel(sortColumn, dir)}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    // Nine or ten columns need more than the usual column width on a desktop.
    <div data-wide-page="">
      <PageHeading title={copy.title}>
        <p className="print:hidden">{copy.intro}</p>
      </PageHeading>

      <div className="mb-4 flex flex-col gap-4 print:hidden sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <SearchBox
          label={`Search ${copy.many}`}
          value={text}
          onChange={setText}
          onSearch={() => {
            searchNow();
            setPage(() => 1);
          }}
          placeholder="Name, email, church or phone"
          className="sm:w-96"
        />
        {/* On a phone the column headings are hidden (each row is a card), so sorting is offered here. */}
        <SelectField
          label="Sort by"
          fieldClassName="sm:hidden"
          value={`${sort}:${dir}`}
          onChange={(event) => {
            const [by, order] = event.target.value.split(':') as [PersonSort, Direction];
            sortBy(by, order);
          }}
        >
          {columns.flatMap((column) =>
            column.sort
              ? (['asc', 'desc'] as const).map((order) => (
                  <option key={`${column.sort}:${order}`} value={`${column.sort}:${order}`}>
                    {sortOrderLabel(column, order)}
                  </option>
                ))
              : [],
          )}
        </SelectField>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <button type="button" className={secondaryButtonClass} onClick={printAll} disabled={preparingPrint}>
            {preparingPrint ? 'Preparing…' : 'Print'}
          </button>
          <a href={exportCsvUrl(kind, filter)} download className={secondaryButtonClass}>
            Download CSV
          </a>
        </div>
      </div>

      <div aria-live="polite" className="print:hidden">
        {notice?.kind === 'done' && (
          <div className="mb-4">
            <FormSuccess>{notice.text}</FormSuccess>
          </div>
        )}
      </div>
      {notice?.kind === 'failed' && (
        <div className="mb-4 print:hidden">
          <FormAlert>{notice.text}</FormAlert>
        </div>
      )}

      {people.isPending && <Loading label={`Loading the ${copy.many}…`} />}
      <QueryError query={people} />
      {list && list.rows.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          {query ? `No match for “${query}”.` : `${copy.none}.`}
        </p>
      )}
      {list && list.rows.length > 0 && (
        <>
          <DataTable
            label={`${copy.title} table`}
            columns={headings}
            // Ten columns and the actions fit 1280 px with narrower gaps between them.
            className="print:hidden sm:[&_td]:px-2 sm:[&_th_button]:px-2 sm:[&_th:not(:has(button))]:px-2"
          >
            {list.rows.map((person) => (
              <PersonRow
                key={person.id}
                person={person}
                columns={columns}
                onManage={() => {
                  setNotice(undefined);
                  setEditing(person);
                }}
                onDelete={() => {
                  remove.reset();
                  setNotice(undefined);
                  setDeleting(person);
                }}
                onApprove={() => decideOn(person, 'approve')}
                onDecline={() => {
                  decide.reset();
                  setNotice(undefined);
                  setDeclining(person);
                }}
                busy={decide.isPending}
              />
            ))}
          </DataTable>
          <Pager
            label={`Pages of ${copy.many}`}
            page={page}
            pages={pages}
            onTurn={(step) => setPage((p) => p + step)}
            className="print:hidden"
          >
            Page {list.page} of {pages} · {count(list.total)}
          </Pager>
          <PrintLayout
            kind={kind}
            columns={columns}
            rows={printed?.rows ?? list.rows}
            total={printed?.total ?? list.total}
            description={described}
          />
        </>
      )}

      <PersonEditDialog
        kind={kind}
        person={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined);
          setNotice({ kind: 'done', text: `Saved the details of ${fullName(saved)}.` });
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${deleting ? fullName(deleting) : ''}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        failure={remove.error}
        onConfirm={() => deleting && deleteConfirmed(deleting)}
        onCancel={() => setDeleting(undefined)}
      >
        <p>
          The record of {deleting && fullName(deleting)} ({deleting?.email}) will be removed from the
          register. This cannot be undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={declining !== undefined}
        title={`Decline ${declining ? fullName(declining) : ''}?`}
        confirmLabel="Decline"
        busy={decide.isPending}
        failure={decide.error}
        onConfirm={() => declining && decideOn(declining, 'decline')}
        onCancel={() => setDeclining(undefined)}
      >
        <p>
          {declining && fullName(declining)} will not become a facilitator. He is told so by email, and his
          record stays in the register as Declined.
        </p>
      </ConfirmDialog>
    </div>
  );
}
