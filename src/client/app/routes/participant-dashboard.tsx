import { Link } from 'react-router';
import { SESSIONS_TO_GRADUATE } from '../../../shared/progress/progress-rules.ts';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Panel, Section } from '../../components/ui/section.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { useMyProgress } from '../../features/progress/api/my-progress.ts';
import { AssignmentCard } from '../../features/progress/components/assignment-card.tsx';
import { CellGroupCard } from '../../features/progress/components/cell-group-card.tsx';
import { Checklist } from '../../features/progress/components/checklist.tsx';
import { SessionList } from '../../features/progress/components/session-list.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

const linkClass = 'text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** /WelcomeMan and /Mobile: his sessions, assignments, checklist and cell group on one responsive page. */
export default function ParticipantDashboard() {
  const user = useCurrentUser();
  const progress = useMyProgress();

  if (progress.isPending) {
    return (
      <>
        <PageHeading title={`Welcome, ${user.name}`} />
        <Loading label="Loading your programme…" />
      </>
    );
  }
  if (progress.isError) {
    return (
      <>
        <PageHeading title={`Welcome, ${user.name}`} />
        <QueryError query={progress} missingIsFinal />
      </>
    );
  }
  const { sessions, assignments, checklist, summary, cellGroup } = progress.data;
  const target = Math.min(SESSIONS_TO_GRADUATE, summary.sessionsTotal);
  return (
    <>
      <PageHeading title={`Welcome, ${user.name}`}>
        <p>
          You have attended{' '}
          <strong>
            {summary.attended} of {summary.sessionsTotal} sessions
          </strong>{' '}
          ({target} needed to graduate) and handed in{' '}
          <strong>
            {summary.onTime} of {summary.assignmentsTotal} assignments
          </strong>{' '}
          on time.
        </p>
        {!summary.canStillGraduate && (
          <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
            You can no longer reach {target} of the {summary.sessionsTotal} sessions this year. Please speak
            to your facilitator.
          </p>
        )}
      </PageHeading>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="flex min-w-0 flex-col gap-8">
          <Section title="Workout Session">
            <SessionList sessions={sessions} />
          </Section>
          <Section
            title="Assignments"
            action={
              <Link to="/UploadButton" className={linkClass}>
                All uploads
              </Link>
            }
          >
            {assignments.length === 0 ? (
              <p className="text-stone-700">No assignments have been set yet.</p>
            ) : (
              assignments.map((assignment) => <AssignmentCard key={assignment.id} assignment={assignment} />)
            )}
          </Section>
        </div>
        <div className="flex min-w-0 flex-col gap-8">
          <Section title="Welcome">
            <Panel>
              <p className="mb-3 text-sm text-stone-700">Your checklist towards graduation.</p>
              <Checklist items={checklist} />
            </Panel>
          </Section>
          <Section title="Cell Group">
            <Panel>
              <CellGroupCard cellGroup={cellGroup} />
            </Panel>
          </Section>
        </div>
      </div>
    </>
  );
}
