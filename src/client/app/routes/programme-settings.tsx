import { type ReactNode, useState } from 'react';
import { formatShortDate } from '../../../shared/dates.ts';
import {
  AssignmentInputSchema,
  ChecklistItemInputSchema,
  SessionInputSchema,
} from '../../../shared/programme-settings/programme-settings.ts';
import { SESSION_STATE_LABELS } from '../../../shared/progress/progress-rules.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { rowButtonClass } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { Section } from '../../components/ui/section.tsx';
import type { ChecklistKind } from '../../features/programme-settings/api/programme-settings.ts';
import { GroupsSettings } from '../../features/programme-settings/components/groups-settings.tsx';
import { NewProgrammeYear } from '../../features/programme-settings/components/new-year.tsx';
import { SimpleList } from '../../features/programme-settings/components/simple-list.tsx';
import { SubmissionsReport } from '../../features/programme-settings/components/submissions-report.tsx';
import { formatDueDate } from '../../lib/format.ts';

const KIND_LABELS: Record<ChecklistKind, string> = {
  sessions: 'Automatic: sessions attended',
  assignments: 'Automatic: assignments on time',
  manual: 'Ticked by a facilitator or admin',
};

const PARTS = [
  ['sessions', 'Workout sessions'],
  ['assignments', 'Assignments'],
  ['checklist', 'Welcome checklist'],
  ['groups', 'Cell groups'],
  ['submissions', 'Submissions'],
] as const;

/** One part of the page, a target of the page's own links. */
function Part({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div id={id} className="scroll-mt-4">
      <Section title={title}>
        {intro && <p className="text-stone-700">{intro}</p>}
        {children}
      </Section>
    </div>
  );
}

/** The admin's programme configuration: sessions, assignments, checklist, cell groups, who submitted. */
export default function ProgrammeSettings() {
  const [reportFor, setReportFor] = useState<string>();
  // Goes down to the report and puts the keyboard on its assignment choice.
  const showSubmissions = (assignmentId: string) => {
    setReportFor(assignmentId);
    requestAnimationFrame(() => {
      const report = document.getElementById('submissions');
      report?.scrollIntoView({ block: 'start' });
      report?.querySelector('select')?.focus({ preventScroll: true });
    });
  };
  return (
    <>
      <PageHeading title="Programme settings">
        <p>
          The men’s programme as participants and facilitators see it. Changes show on their pages at once.
        </p>
      </PageHeading>
      <nav aria-label="On this page" className="mb-8">
        <ul className="flex flex-wrap gap-x-5 gap-y-1">
          {PARTS.map(([id, label]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-10 items-center font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-12">
        <Part
          id="sessions"
          title="Workout sessions"
          intro={
            <>
              A session in <strong>{SESSION_STATE_LABELS.open}</strong> shows a Register button to
              participants; one that is <strong>{SESSION_STATE_LABELS.inactive}</strong> cannot be registered
              for. Sessions of an earlier programme year stay listed with their attendance.
            </>
          }
        >
          <SimpleList
            list="sessions"
            noun="session"
            schema={SessionInputSchema}
            fields={[
              { name: 'name', label: 'Name', type: 'text' },
              { name: 'heldOn', label: 'Date', type: 'date' },
              {
                name: 'startTime',
                label: 'Start time (optional)',
                type: 'time',
                hint: 'Harare time, e.g. 09:00. Leave empty while it is not fixed.',
              },
              {
                name: 'place',
                label: 'Place (optional)',
                type: 'text',
                hint: 'As the men should find it, e.g. Church hall, 12 Samora Machel Ave.',
              },
              {
                name: 'state',
                label: 'State',
                type: 'select',
                initial: 'inactive',
                options: [
                  ['open', `${SESSION_STATE_LABELS.open} (open for registration)`],
                  ['inactive', SESSION_STATE_LABELS.inactive],
                ],
              },
            ]}
            columns={[
              { label: 'Name', value: (row) => row.name, main: true },
              { label: 'Date', value: (row) => formatShortDate(row.heldOn) },
              { label: 'Start', value: (row) => row.startTime },
              { label: 'Place', value: (row) => row.place },
              {
                label: 'State',
                value: (row) =>
                  row.thisYear ? (
                    <Badge tone={row.state === 'open' ? 'good' : 'plain'}>
                      {SESSION_STATE_LABELS[row.state]}
                    </Badge>
                  ) : (
                    <Badge tone="plain">Earlier year</Badge>
                  ),
              },
            ]}
            nameOf={(row) => row.name}
            removeWarning="Its registrations and attendance marks are deleted with it, and every man's progress is counted again without it."
          />
          <NewProgrammeYear />
        </Part>
        <Part
          id="assignments"
          title="Assignments"
          intro={<>Due at 17:00 Harare time on the due date; later uploads are marked Late.</>}
        >
          <SimpleList
            list="assignments"
            noun="assignment"
            schema={AssignmentInputSchema}
            fields={[
              { name: 'title', label: 'Title', type: 'text' },
              {
                name: 'dueOn',
                label: 'Due date',
                type: 'date',
                hint: 'Due at 17:00 Harare time on this day.',
              },
            ]}
            columns={[
              { label: 'Title', value: (row) => row.title, main: true },
              { label: 'Due', value: (row) => `${formatDueDate(row.dueOn)}, 17:00` },
            ]}
            nameOf={(row) => row.title}
            removeWarning="Every document uploaded for it is deleted with it. This cannot be undone."
            rowActions={(row) => (
              <button
                type="button"
                className={rowButtonClass}
                aria-label={`Submissions for ${row.title}`}
                onClick={() => showSubmissions(row.id)}
              >
                Submissions
              </button>
            )}
          />
        </Part>
        <Part
          id="checklist"
          title="Welcome checklist"
          intro={
            <>
              Automatic items follow attendance (5 sessions) or assignments on time by themselves; the others
              are ticked for each man by his facilitator or an admin.
            </>
          }
        >
          <SimpleList
            list="checklist"
            noun="checklist item"
            schema={ChecklistItemInputSchema}
            fields={[
              { name: 'text', label: 'Item', type: 'text' },
              {
                name: 'kind',
                label: 'How it is done',
                type: 'select',
                initial: 'manual',
                options: Object.entries(KIND_LABELS) as [ChecklistKind, string][],
              },
            ]}
            columns={[
              { label: 'Item', value: (row) => row.text, main: true },
              { label: 'How it is done', value: (row) => KIND_LABELS[row.kind] },
            ]}
            nameOf={(row) => row.text}
            removeWarning="Its ticks are deleted with it."
          />
        </Part>
        <Part
          id="groups"
          title="Cell groups"
          intro={
            <>
              Each group has a facilitator, who takes its attendance. A man is in one group: adding him here
              moves him from his old one.
            </>
          }
        >
          <GroupsSettings />
        </Part>
        <Part id="submissions" title="Submissions">
          <SubmissionsReport assignmentId={reportFor} onAssignment={setReportFor} />
        </Part>
      </div>
    </>
  );
}
