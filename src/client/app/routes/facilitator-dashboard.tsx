import { Link } from 'react-router';
import { SESSIONS_TO_GRADUATE } from '../../../shared/progress/progress-rules.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClass, secondaryButtonClass } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../components/ui/table.tsx';
import { PersonalDataDownloads } from '../../features/access-requests/components/personal-data-downloads.tsx';
import { AskErasure } from '../../features/erasure/components/ask-erasure.tsx';
import { useGroups } from '../../features/progress/api/groups.ts';
import { useCurrentUser } from '../../lib/current-user.ts';

/** /WelcomeFacilitator: his cell groups and each man's progress, flagging men who can no longer graduate. */
export default function FacilitatorDashboard() {
  const user = useCurrentUser();
  const groups = useGroups();
  const admin = user.role === 'admin';
  const atRisk =
    groups.data?.flatMap((g) => g.members).filter((m) => !m.summary.canStillGraduate).length ?? 0;

  return (
    <>
      <PageHeading title={admin ? 'Cell groups' : `Welcome, ${user.name}`}>
        <p>
          {admin ? 'Every cell group' : 'Your cell groups'} and how far each man is: sessions attended (
          {SESSIONS_TO_GRADUATE} needed to graduate) and assignments handed in on time.
        </p>
      </PageHeading>
      <nav aria-label="Facilitator tasks" className="mb-8 flex flex-col gap-2 sm:flex-row">
        <Link to="/Managean" className={buttonClass}>
          Take attendance
        </Link>
        {admin && (
          <Link to="/RegisteredFacilitator" className={secondaryButtonClass}>
            Registered facilitators
          </Link>
        )}
      </nav>
      {groups.isPending && <Loading label="Loading your cell groups…" />}
      <QueryError query={groups} />
      {groups.data?.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          {admin
            ? 'There are no cell groups yet.'
            : 'You do not lead a cell group yet. The programme office assigns groups to facilitators; they will appear here.'}
        </p>
      )}
      {atRisk > 0 && (
        <p className="mb-6 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {atRisk === 1 ? '1 man' : `${atRisk} men`} can no longer reach {SESSIONS_TO_GRADUATE} sessions: see
          the flag beside {atRisk === 1 ? 'his' : 'their'} name.
        </p>
      )}
      <div className="flex flex-col gap-8">
        {groups.data?.map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`} className="flex flex-col gap-3">
            <div>
              <h2 id={`group-${group.id}`} className="text-xl font-bold text-stone-900">
                {group.name}
              </h2>
              <p className="text-stone-700">
                {admin &&
                  (group.facilitator ? `Facilitator: ${group.facilitator.name} · ` : 'No facilitator · ')}
                {group.members.length} {group.members.length === 1 ? 'man' : 'men'}
              </p>
            </div>
            {group.members.length === 0 ? (
              <p className="text-stone-700">No men in this group yet.</p>
            ) : (
              <DataTable
                label={`Progress of ${group.name}`}
                columns={['Name', 'Sessions attended', 'Assignments on time', 'Graduation']}
              >
                {group.members.map((member) => {
                  const { summary } = member;
                  return (
                    <tr key={member.manId} className={rowClass}>
                      <Cell className="font-semibold text-stone-900">
                        {member.firstName} {member.lastName}
                      </Cell>
                      <Cell label="Sessions attended">
                        {summary.attended} of {summary.sessionsTotal}
                      </Cell>
                      <Cell label="Assignments on time">
                        {summary.onTime} of {summary.assignmentsTotal}
                      </Cell>
                      <Cell className="mt-1 sm:mt-0">
                        {summary.canStillGraduate ? (
                          summary.attended >= SESSIONS_TO_GRADUATE ? (
                            <Badge tone="good">Sessions complete</Badge>
                          ) : (
                            <Badge tone="plain">{`${SESSIONS_TO_GRADUATE - summary.attended} more sessions needed`}</Badge>
                          )
                        ) : (
                          <Badge tone="bad">{`Cannot reach ${SESSIONS_TO_GRADUATE} of ${summary.sessionsTotal}`}</Badge>
                        )}
                      </Cell>
                    </tr>
                  );
                })}
              </DataTable>
            )}
          </section>
        ))}
      </div>
      {/* His own data, as a man has it on /Profile: a facilitator has no profile page. */}
      {!admin && (
        <>
          <div className="mt-10">
            <PersonalDataDownloads base="/api/me/data" title="Download my data" level="h2">
              Everything we hold about you: your facilitator record, any fun-run entries with your email, your
              account and the emails we sent you.
            </PersonalDataDownloads>
          </div>
          <div className="mt-8">
            <AskErasure
              path="/api/me/erasure-request"
              whatHappens="We can erase your account, your facilitator record, and your name and contacts on any fun-run entry with your email. Your cell groups stay, without you as their facilitator."
            />
          </div>
        </>
      )}
    </>
  );
}
