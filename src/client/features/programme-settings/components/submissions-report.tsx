import { useId, useState } from 'react';
import type { SubmissionReport } from '../../../../shared/programme-settings/programme-settings.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SearchField } from '../../../components/ui/search-box.tsx';
import { ErrorMessage, Loading } from '../../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../../components/ui/table.tsx';
import { formatDueDate, formatSize, formatSubmittedAt } from '../../../lib/format.ts';
import { submissionFileUrl } from '../../progress/index.ts';
import { useSettingsList, useSubmissionReport } from '../api/programme-settings.ts';

/** Rows laid out at once: the register may hold thousands of men. */
const SHOWN = 100;

type Status = SubmissionReport['men'][number]['status'];
const STATUS = {
  submitted: { label: 'Submitted', tone: 'good' },
  late: { label: 'Late', tone: 'warn' },
  missing: { label: 'Not submitted', tone: 'bad' },
} as const;
const FILTERS: [Status | 'all', string][] = [
  ['all', 'Everyone'],
  ['submitted', 'Submitted'],
  ['late', 'Late'],
  ['missing', 'Not submitted'],
];

/** Per assignment: who has submitted on time, who late, who not at all, with their documents. */
export function SubmissionsReport({
  assignmentId,
  onAssignment,
}: {
  assignmentId: string | undefined;
  onAssignment: (id: string) => void;
}) {
  const filterName = useId();
  const assignments = useSettingsList('assignments');
  const chosen = assignmentId ?? assignments.data?.[0]?.id;
  const report = useSubmissionReport(chosen);
  const [filter, setFilter] = useState<Status | 'all'>('all');
  const [text, setText] = useState('');

  if (assignments.isPending) return <Loading />;
  if (assignments.isError) {
    return <ErrorMessage onRetry={() => assignments.refetch()}>{errorText(assignments.error)}</ErrorMessage>;
  }
  if (assignments.data.length === 0) return <p className="text-stone-700">No assignments yet.</p>;
  const count = (status: Status) => report.data?.men.filter((man) => man.status === status).length ?? 0;
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const rows =
    report.data?.men.filter(
      (man) =>
        (filter === 'all' || man.status === filter) &&
        words.every((word) => `${man.firstName} ${man.lastName}`.toLowerCase().includes(word)),
    ) ?? [];
  const shown = rows.slice(0, SHOWN);

  return (
    <div className="flex flex-col gap-4">
      <SelectField
        label="Assignment"
        fieldClassName="max-w-md"
        value={chosen}
        onChange={(event) => onAssignment(event.target.value)}
      >
        {assignments.data.map((assignment) => (
          <option key={assignment.id} value={assignment.id}>
            {`${assignment.title} · due ${formatDueDate(assignment.dueOn)}`}
          </option>
        ))}
      </SelectField>
      {report.isPending && <Loading label="Loading submissions…" />}
      <QueryError query={report} />
      {report.data && (
        <>
          <p className="text-stone-800">
            Due {formatDueDate(report.data.assignment.dueOn)}, 17:00 · <strong>{count('submitted')}</strong>{' '}
            submitted on time · <strong>{count('late')}</strong> late · <strong>{count('missing')}</strong>{' '}
            not submitted
          </p>
          <SearchField
            label="Find a man"
            fieldClassName="max-w-md"
            value={text}
            onText={setText}
            placeholder="Name or surname"
          />
          <fieldset>
            <legend className="sr-only">Show</legend>
            <div className="flex flex-wrap gap-1.5">
              {FILTERS.map(([value, label]) => (
                <label
                  key={value}
                  className="flex min-h-10 cursor-pointer items-center rounded-full border border-stone-400 bg-white px-3 text-sm font-semibold hover:bg-stone-100 has-checked:border-brand-800 has-checked:bg-brand-800 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
                >
                  <input
                    type="radio"
                    name={filterName}
                    value={value}
                    checked={filter === value}
                    onChange={() => setFilter(value)}
                    className="sr-only"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {rows.length === 0 ? (
            <p className="text-stone-700">No man matches.</p>
          ) : (
            <DataTable
              label={`Submissions for ${report.data.assignment.title}`}
              columns={['Name', 'Status', 'Document']}
            >
              {shown.map((man) => (
                <tr key={man.manId} className={rowClass}>
                  <Cell className="font-semibold text-stone-900">
                    {man.firstName} {man.lastName}
                  </Cell>
                  <Cell>
                    <Badge tone={STATUS[man.status].tone}>{STATUS[man.status].label}</Badge>
                  </Cell>
                  <Cell
                    label={man.submission ? 'Document' : undefined}
                    className={man.submission ? '' : 'hidden sm:table-cell'}
                  >
                    {man.submission ? (
                      <>
                        <a
                          href={submissionFileUrl(man.submission.id)}
                          download={man.submission.fileName}
                          className="font-semibold break-all text-brand-800 underline underline-offset-2"
                        >
                          {man.submission.fileName}
                        </a>
                        <span className="block text-stone-600">
                          {formatSize(man.submission.size)} · {formatSubmittedAt(man.submission.submittedAt)}
                        </span>
                      </>
                    ) : (
                      <span className="text-stone-600">—</span>
                    )}
                  </Cell>
                </tr>
              ))}
            </DataTable>
          )}
          <p className="text-sm text-stone-600" aria-live="polite">
            {rows.length > SHOWN
              ? `Showing ${SHOWN} of ${rows.length} men: search for a name, or show only Submitted, Late or Not submitted.`
              : rows.length > 0
                ? `${rows.length} ${rows.length === 1 ? 'man' : 'men'} listed.`
                : ''}
          </p>
        </>
      )}
    </div>
  );
}
