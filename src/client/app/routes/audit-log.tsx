import { useState } from 'react';
import { actorAccountText } from '../../../shared/accounts/actor.ts';
import {
  AUDIT_ACTION_CHOICES,
  type AuditEntry,
  auditActionLabel,
} from '../../../shared/audit-log/audit-log.ts';
import { secondaryButtonClass } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { Pager, usePageOf } from '../../components/ui/pager.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../components/ui/table.tsx';
import {
  AUDIT_PAGE_SIZE,
  type AuditLogFilters,
  useAuditLog,
} from '../../features/audit-log/api/audit-log.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

const NO_FILTERS: AuditLogFilters = { action: '', who: '', from: '', to: '' };

/** A filter's value as the admin reads it: "discipline run · q moyo". */
function Filters({ filters }: { filters: AuditEntry['filters'] }) {
  const entries = Object.entries(filters ?? {});
  if (entries.length === 0) return <span className="text-stone-500">—</span>;
  return (
    <ul className="inline-flex flex-wrap gap-1 align-top">
      {entries.map(([key, value]) => (
        <li key={key} className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-xs text-stone-800">
          {key}={typeof value === 'string' ? value : JSON.stringify(value)}
        </li>
      ))}
    </ul>
  );
}

export default function AuditLog() {
  const [chosen, setChosen] = useState(NO_FILTERS);
  // The name is typed: asked for once typing pauses; the other filters at once.
  const [who] = useDebouncedValue(chosen.who.trim(), 300);
  const filters = { ...chosen, who };
  const [page, setPage] = usePageOf(JSON.stringify(filters));
  const trail = useAuditLog(filters, page);
  const list = trail.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / (list.pageSize || AUDIT_PAGE_SIZE))) : 1;
  const filtered = Object.values(filters).some(Boolean);
  const set = (key: keyof AuditLogFilters) => (event: { target: { value: string } }) =>
    setChosen((now) => ({ ...now, [key]: event.target.value }));

  return (
    <>
      <PageHeading title="Audit log">
        <p>
          Who read or downloaded lists of people, and who changed a role, a payment, an entry or a setting,
          newest first. Times are Harare time; each line is kept for two years and can be neither changed nor
          deleted.
        </p>
      </PageHeading>
      <form
        aria-label="Filter the audit log"
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto] lg:items-end"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField label="What" value={chosen.action} onChange={set('action')}>
          <option value="">Everything</option>
          {AUDIT_ACTION_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Who"
          value={chosen.who}
          onChange={set('who')}
          placeholder="Part of a name or email"
        />
        <TextField label="From" type="date" value={chosen.from} onChange={set('from')} />
        <TextField
          label="To"
          type="date"
          value={chosen.to}
          min={chosen.from || undefined}
          onChange={set('to')}
        />
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!filtered && chosen.who === ''}
          onClick={() => setChosen(NO_FILTERS)}
        >
          Clear filters
        </button>
      </form>

      {trail.isPending && <Loading label="Loading the audit log…" />}
      <QueryError query={trail} />
      {list && list.rows.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          {filtered ? 'Nothing recorded matches these filters.' : 'Nothing has been recorded yet.'}
        </p>
      )}
      {list && list.rows.length > 0 && (
        <>
          <DataTable
            label="Audit log table"
            columns={['When', 'Who', 'What', 'Subject', 'Filters', 'Rows']}
            busy={trail.isPlaceholderData}
          >
            {list.rows.map((row) => (
              <tr key={row.id} className={rowClass}>
                <Cell label="When" className="sm:whitespace-nowrap">
                  <time dateTime={row.at}>{formatDateTime(row.at)}</time>
                </Cell>
                <Cell label="Who">
                  {row.actorName ?? <span className="text-stone-600">the server</span>}
                  {row.actorAccount && (
                    <span className="block break-all text-xs text-stone-600">
                      {actorAccountText(row.actorAccount)}
                    </span>
                  )}
                </Cell>
                <Cell label="What">
                  <span className="font-semibold text-stone-900">
                    {auditActionLabel(row.action) ?? row.action}
                  </span>
                  {auditActionLabel(row.action) && (
                    <span className="block font-mono text-xs text-stone-600">{row.action}</span>
                  )}
                </Cell>
                <Cell label="Subject" className="break-all sm:min-w-44 sm:break-normal">
                  {row.subject ?? <span className="text-stone-500">—</span>}
                </Cell>
                <Cell label="Filters">
                  <Filters filters={row.filters} />
                </Cell>
                <Cell label="Rows" className="sm:text-right">
                  {row.rowCount ?? '—'}
                </Cell>
              </tr>
            ))}
          </DataTable>
          <Pager
            label="Pages of the audit log"
            page={page}
            pages={pages}
            onTurn={(step) => setPage((p) => p + step)}
          >
            Page {list.page} of {pages} · {list.total} line{list.total === 1 ? '' : 's'}
          </Pager>
        </>
      )}
    </>
  );
}
