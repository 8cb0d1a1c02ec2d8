import { useState } from 'react';
import {
  AssignmentInputSchema,
  ChecklistItemInputSchema,
  SessionInputSchema,
} from '../../../../shared/programme-settings/programme-settings.ts';
import { SESSION_STATE_LABELS } from '../../../../shared/progress/progress-rules.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { formatDueDate, formatSessionDate } from '../../progress/format.ts';
import type { ChecklistKind } from '../api/programme-settings.ts';
import { GroupsSettings } from './groups-settings.tsx';
import { SimpleList, smallButton } from './simple-list.tsx';
import { SubmissionsReport } from './submissions-report.tsx';

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

/** The admin's programme configuration: sessions, assignments, checklist, cell groups, who submitted. */
export function ProgrammeSettings() {
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
        <div id="sessions" className="scroll-mt-4">
          <Section title="Workout sessions">
            <p className="text-stone-700">
              A session in <strong>{SESSION_STATE_LABELS.open}</strong> shows a Register button to
              participants; one that is <strong>{SESSION_STATE_LABELS.inactive}</strong> cannot be registered
              for.
            </p>
            <SimpleList
              list="sessions"
              noun="session"
              schema={SessionInputSchema}
              fields={[
                { name: 'name', label: 'Name', type: 'text' },
                { name: 'heldOn', label: 'Date', type: 'date' },
                {
                  name: 'state',
                  label: 'State',
                  type: 'select',
                  options: [
                    ['open', `${SESSION_STATE_LABELS.open} (open for registration)`],
                    ['inactive', SESSION_STATE_LABELS.inactive],
                  ],
                },
              ]}
              columns={[
                { label: 'Name', value: (row) => row.name, main: true },
                { label: 'Date', value: (row) => formatSessionDate(row.heldOn) },
                {
                  label: 'State',
                  value: (row) => (
                    <Badge tone={row.state === 'open' ? 'good' : 'plain'}>
                      {SESSION_STATE_LABELS[row.state]}
                    </Badge>
                  ),
                },
              ]}
              nameOf={(row) => row.name}
              empty={{ name: '', heldOn: '', state: 'inactive' }}
              valuesOf={(row) => ({ name: row.name, heldOn: row.heldOn, state: row.state })}
              removeWarning="Its registrations and attendance marks are deleted with it, and every man's progress is counted again without it."
            />
          </Section>
        </div>
        <div id="assignments" className="scroll-mt-4">
          <Section title="Assignments">
            <p className="text-stone-700">
              Due at 17:00 Harare time on the due date; later uploads are marked Late.
            </p>
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
              empty={{ title: '', dueOn: '' }}
              valuesOf={(row) => ({ title: row.title, dueOn: row.dueOn })}
              removeWarning="Every document uploaded for it is deleted with it. This cannot be undone."
              rowActions={(row) => (
                <button
                  type="button"
                  className={smallButton}
                  aria-label={`Submissions for ${row.title}`}
                  onClick={() => showSubmissions(row.id)}
                >
                  Submissions
                </button>
              )}
            />
          </Section>
        </div>
        <div id="checklist" className="scroll-mt-4">
          <Section title="Welcome checklist">
            <p className="text-stone-700">
              Automatic items follow attendance (5 sessions) or assignments on time by themselves; the others
              are ticked for each man by his facilitator or an admin.
            </p>
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
                  options: Object.entries(KIND_LABELS) as [ChecklistKind, string][],
                },
              ]}
              columns={[
                { label: 'Item', value: (row) => row.text, main: true },
                { label: 'How it is done', value: (row) => KIND_LABELS[row.kind] },
              ]}
              nameOf={(row) => row.text}
              empty={{ text: '', kind: 'manual' }}
              valuesOf={(row) => ({ text: row.text, kind: row.kind })}
              removeWarning="Its ticks are deleted with it."
            />
          </Section>
        </div>
        <div id="groups" className="scroll-mt-4">
          <Section title="Cell groups">
            <p className="text-stone-700">
              Each group has a facilitator, who takes its attendance. A man is in one group: adding him here
              moves him from his old one.
            </p>
            <GroupsSettings />
          </Section>
        </div>
        <div id="submissions" className="scroll-mt-4">
          <Section title="Submissions">
            <SubmissionsReport assignmentId={reportFor} onAssignment={setReportFor} />
          </Section>
        </div>
      </div>
    </>
  );
}
