import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import type { FunRunDashboard } from '../../../shared/dashboard/dashboard.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { cardClass, LinkCard } from '../../components/ui/link-card.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { CheckInCountsList } from '../../features/check-in/components/check-in-counts.tsx';
import { WalkUpsToLookAt } from '../../features/check-in/components/walk-up-review.tsx';
import { useFunRunDashboard, useProgrammeTotals } from '../../features/dashboard/api/dashboard.ts';
import { PrivacyNotices } from '../../features/dashboard/components/privacy-notices.tsx';
import { TextMessageNotices } from '../../features/dashboard/components/text-message-notices.tsx';
import { PublishChecklist } from '../../features/event-settings/index.ts';
import { DashboardGifts } from '../../features/gifts/components/gift-totals.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { moneyText } from '../../lib/money-text.ts';

// The charts are their own chunk, fetched by this page only (never by a public page), while the figures load.
const loadCharts = () => import('../../features/dashboard/components/dashboard-charts.tsx');
const DashboardCharts = lazy(loadCharts);

const CARDS = [
  ['/Participants', 'Participants', 'Runners and cyclists: payments, corrections, PDF and CSV lists.'],
  ['/RegisteredMan', 'Registered men', 'The men of the programme: edit, print, download.'],
  [
    '/RegisteredFacilitator',
    'Registered facilitators',
    'Facilitators, and applicants to approve or decline.',
  ],
  ['/RegisterMan', 'Register a man', 'Enrol a man in the programme with the Be That Man form.'],
  ['/RegisterFacilitator', 'Register a facilitator', 'Sign up a facilitator with the Be That Man form.'],
  ['/Statements', 'Statements', 'Import a bank or mobile-money statement to mark the entries it pays.'],
  ['/Gifts', 'Gifts', 'Gifts to the cause: totals, the givers, recording a gift as paid, the CSV.'],
  ['/ManageResults', 'Results', 'Import the timer’s file, correct results, publish them.'],
  ['/Messages', 'Messages', 'Tell chosen entrants anything by mail and SMS, now or at a time; a thank-you.'],
  ['/Waitlist', 'Waitlist', 'People waiting for a place in a full race: offer a place or remove.'],
  ['/EventSettings', 'Event settings', 'Texts, payment options, races, T-shirt sizes, closing time, photos.'],
  ['/ProgrammeSettings', 'Programme settings', 'Sessions, assignments, the checklist and cell groups.'],
  ['/Managean', 'Attendance', 'Take attendance at a session and manage each man’s progress.'],
  ['/Accounts', 'Accounts', 'Find accounts, change roles, disable or enable an account.'],
  ['/Outbox', 'Outbox', 'The latest emails and text messages the site sent, and what became of them.'],
  [
    '/AuditLog',
    'Audit log',
    'Who read or downloaded lists of people, and who changed roles, payments and settings.',
  ],
] as const;

const number = (n: number) => n.toLocaleString('en-GB');

export default function AdminDashboard() {
  const user = useCurrentUser();
  const funRun = useFunRunDashboard();
  const programme = useProgrammeTotals();
  const figures = funRun.data;
  const people = programme.data;
  useEffect(() => {
    // A failure shows where the charts go, when the page renders them.
    loadCharts().catch(() => undefined);
  }, []);

  return (
    <>
      <PageHeading title="Admin dashboard">
        <p>Welcome, {user.name}. The figures are live: they update every minute while this page is open.</p>
      </PageHeading>

      <PublishChecklist />
      <PrivacyNotices />
      <WalkUpsToLookAt />

      <section aria-labelledby="fun-run-heading" className="mb-8">
        <h2 id="fun-run-heading" className="mb-3 text-xl font-bold">
          Fun run
        </h2>
        {funRun.isPending && <Loading label="Loading the fun-run figures…" />}
        <QueryError query={funRun} />
        {figures?.texts && <TextMessageNotices texts={figures.texts} />}
        {figures && (
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat
              label="Entrants"
              value={number(figures.entrants.run + figures.entrants.cycle)}
              to="/Participants"
            >
              {number(figures.entrants.run)} runners · {number(figures.entrants.cycle)} cyclists
            </Stat>
            <Stat label="Paid" value={number(figures.payments.paid)} to="/Participants?payment=paid">
              Open the list of paid entries
            </Stat>
            <Stat label="Unpaid" value={number(figures.payments.unpaid)} to="/Participants?payment=unpaid">
              Open the list of unpaid entries
            </Stat>
            <Stat label="Waived" value={number(figures.payments.waived)} to="/Participants?payment=waived">
              Open the list of waived entries
            </Stat>
            <Stat
              label="On the waitlist"
              value={number(figures.perRace.reduce((sum, race) => sum + race.waiting, 0))}
              to="/Waitlist"
            >
              {figures.perRace
                .filter((race) => race.waiting > 0)
                .map((race) => `${race.race}: ${number(race.waiting)}`)
                .join(' · ') || 'Nobody is waiting'}
            </Stat>
            {figures.texts && (
              <Stat label="Text messages (SMS)" value={number(figures.texts.sent)} to="/Outbox">
                of {number(figures.texts.cap)} this edition
              </Stat>
            )}
            <Stat
              label="Money recorded"
              wide
              value={
                // Two currencies, each on its own line: amounts in ZWG run long.
                <span className="flex flex-col text-2xl">
                  <span className="whitespace-nowrap">{moneyText('USD', figures.money.usd)}</span>
                  <span className="whitespace-nowrap">{moneyText('ZWG', figures.money.zwg)}</span>
                </span>
              }
            >
              <ZwgInUsd money={figures.money} />
            </Stat>
            <Stat label="Refunded" value={<TwoCurrencies amounts={figures.moneyOut.refunded} />}>
              Given back (recorded on the entries)
            </Stat>
            <Stat label="Credited" value={<TwoCurrencies amounts={figures.moneyOut.credited} />}>
              Kept for people’s next entries
            </Stat>
          </ul>
        )}
      </section>

      {figures && (
        <section aria-labelledby="check-in-heading" className="mb-8">
          <h2 id="check-in-heading" className="mb-3 text-xl font-bold">
            Race-morning check-in
          </h2>
          <CheckInCountsList counts={figures.checkIn} />
        </section>
      )}

      <DashboardGifts />

      <section aria-labelledby="programme-heading" className="mb-8">
        <h2 id="programme-heading" className="mb-3 text-xl font-bold">
          Men’s programme
        </h2>
        {programme.isPending && <Loading label="Loading the programme figures…" />}
        <QueryError query={programme} />
        {people && (
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Total Registered Men" value={number(people.men)} to="/RegisteredMan" />
            <Stat
              label="Total Facilitators"
              value={number(people.facilitators)}
              to="/RegisteredFacilitator"
            />
            <Stat label="Applicants waiting" value={number(people.applicants)} to="/RegisteredFacilitator" />
          </ul>
        )}
      </section>

      <nav aria-label="Admin sections" className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map(([to, title, text]) => (
          <LinkCard key={to} to={to} title={title}>
            {text}
          </LinkCard>
        ))}
      </nav>

      <section aria-labelledby="charts-heading">
        <h2 id="charts-heading" className="mb-3 text-xl font-bold">
          Charts
        </h2>
        {funRun.isPending && <Loading label="Loading the charts…" />}
        {figures && (
          <ErrorBoundary fallback={() => <ChartsFailed />}>
            <Suspense fallback={<Loading label="Loading the charts…" />}>
              <DashboardCharts figures={figures} />
            </Suspense>
          </ErrorBoundary>
        )}
      </section>
    </>
  );
}

function ChartsFailed() {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-red-900">
      <p>
        The charts could not be loaded: the connection may have dropped. The figures above are up to date.
      </p>
      <Button type="button" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  );
}

/** One figure: its name, the number, and a line under it; a link when `to` is given. */
/** Money out in both currencies, each on its own line. */
function TwoCurrencies({ amounts }: { amounts: { usd: string; zwg: string } }) {
  return (
    <span className="flex flex-col text-xl">
      <span className="whitespace-nowrap">{moneyText('USD', amounts.usd)}</span>
      <span className="whitespace-nowrap">{moneyText('ZWG', amounts.zwg)}</span>
    </span>
  );
}

function Stat({
  label,
  value,
  to,
  wide,
  children,
}: {
  label: string;
  value: ReactNode;
  to?: string;
  /** Two columns wide (long amounts). */
  wide?: boolean;
  children?: ReactNode;
}) {
  const body = (
    <>
      <span className="text-sm font-medium text-stone-600">{label}</span>
      <span className="text-3xl font-bold tabular-nums text-stone-900">{value}</span>
      {children && <span className="text-sm text-stone-700">{children}</span>}
    </>
  );
  return (
    <li className={`flex ${wide ? 'col-span-2' : ''}`}>
      {to ? (
        <Link to={to} className={`${cardClass} w-full`}>
          {body}
        </Link>
      ) : (
        <div className="flex w-full flex-col gap-1 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
          {body}
        </div>
      )}
    </li>
  );
}

/** The ZWG money in USD at each entry's quoted rate (issue 42 §1), when any of it was quoted. */
function ZwgInUsd({ money }: { money: FunRunDashboard['money'] }) {
  const { usd, unquoted } = money.zwgInUsd;
  if (Number(usd) === 0) return null;
  return (
    <>
      ZWG ≈ {moneyText('USD', usd)} at each entry’s quoted rate
      {unquoted > 0 &&
        ` (${unquoted} ZWG ${unquoted === 1 ? 'payment' : 'payments'} without a quote not counted)`}
    </>
  );
}
