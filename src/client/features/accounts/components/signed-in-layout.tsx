import { type ReactNode, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { type CurrentUser, ROLE_HOME, ROLE_LABELS, type Role } from '../../../../shared/accounts/roles.ts';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { unsentCashOf, unsentTapsOf, unsentWalkUpsOf } from '../../check-in/index.ts';
import { useSignOut } from '../api/sign-out.ts';

const NAV: Record<Role, [to: string, label: string][]> = {
  admin: [
    ['/WelcomeAdmin', 'Dashboard'],
    ['/Participants', 'Participants'],
    ['/RegisteredMan', 'Men'],
    ['/RegisteredFacilitator', 'Facilitators'],
    ['/ProgrammeSettings', 'Programme'],
    ['/Managean', 'Attendance'],
    ['/Accounts', 'Accounts'],
    ['/CheckIn', 'Check-in'],
    ['/Outbox', 'Outbox'],
    ['/EventSettings', 'Event settings'],
  ],
  company: [['/WelcomeManager', 'Team']],
  volunteer: [
    ['/CheckIn', 'Check-in'],
    ['/Finish', 'Finish line'],
  ],
  facilitator: [
    ['/WelcomeFacilitator', 'Home'],
    ['/Managean', 'Attendance'],
  ],
  participant: [
    ['/WelcomeMan', 'Home'],
    ['/UploadButton', 'Assignments'],
    ['/Profile', 'Profile'],
  ],
};

/**
 * More links than a phone's width holds on one row fold behind a Menu button below 640 px. On a wider
 * screen the links sit side by side without gaps (their padding parts them): an admin's eleven then fit
 * one row of the 1024 px column.
 */
const COMPACT_FROM = 5;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-medium hover:bg-white/10 ${isActive ? 'bg-white/15 underline underline-offset-4' : ''}`;

/**
 * Header (product, the account's name, its role's pages, Log Out), main and a small footer. A page with
 * an element marked `data-wide-page` (a wide table) gets a wider column, header and footer alike.
 */
export function SignedInLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const signOut = useSignOut();
  const links: [to: string, label: string][] = [...NAV[user.role], ['/', 'Fun run site']];
  const { pathname } = useLocation();
  const current = links.find(([to]) => to.toLowerCase() === pathname.toLowerCase());
  const compact = links.length > COMPACT_FROM;
  // Open on the page where it was opened: choosing another page closes it.
  const [openOn, setOpenOn] = useState<string>();
  const menuOpen = openOn === pathname;
  const menuId = useId();
  // Check-ins, cash and walk-ups made without signal are sent only by the account that made them: say so
  // before it leaves.
  const [unsent, setUnsent] = useState({ taps: 0, cash: 0, walkUps: 0 });
  const unsentTaps = unsent.taps;
  const stay = () => setUnsent({ taps: 0, cash: 0, walkUps: 0 });
  const logOut = () => {
    const waiting = {
      taps: unsentTapsOf(user.id),
      cash: unsentCashOf(user.id),
      walkUps: unsentWalkUpsOf(user.id),
    };
    if (waiting.taps + waiting.cash + waiting.walkUps > 0) setUnsent(waiting);
    else signOut.mutate();
  };
  return (
    <div className="group/layout flex min-h-dvh flex-col">
      <header className="bg-brand-800 text-white print:hidden">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-2 group-has-[[data-wide-page]]/layout:max-w-7xl">
          <div className="flex min-w-0 items-center gap-2">
            <img src="/logo.svg" alt="" width="32" height="32" className="size-8 shrink-0" />
            <div className="min-w-0">
              <Link to={ROLE_HOME[user.role]} className="font-bold">
                Celebration
              </Link>
              <p className="text-sm break-words text-brand-100">
                <span className="sr-only">Signed in as </span>
                <span className="font-semibold text-white">{user.name}</span> · {ROLE_LABELS[user.role]}
              </p>
            </div>
          </div>
          <button
            type="button"
            onClick={logOut}
            disabled={signOut.isPending}
            className="min-h-11 shrink-0 rounded-md border border-white/70 px-3 text-sm font-semibold hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {signOut.isPending ? 'Logging out…' : 'Log Out'}
          </button>
        </div>
        <div className="border-t border-white/15">
          {compact && (
            <div className="flex items-center justify-between gap-3 px-3 py-1 sm:hidden">
              <span className="text-sm font-semibold">{current?.[1]}</span>
              <button
                type="button"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setOpenOn(menuOpen ? undefined : pathname)}
                className="min-h-11 rounded-md border border-white/70 px-3 text-sm font-semibold hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                Menu
              </button>
            </div>
          )}
          <nav
            id={menuId}
            aria-label="Account"
            className={`mx-auto max-w-5xl gap-1 px-3 py-1 group-has-[[data-wide-page]]/layout:max-w-7xl sm:flex sm:flex-row sm:flex-wrap sm:gap-0 ${
              compact ? (menuOpen ? 'flex flex-col pb-3' : 'hidden') : 'flex flex-wrap'
            }`}
          >
            {links.map(([to, label]) => (
              <NavLink key={to} to={to} end={to === '/'} className={navLinkClass}>
                {label}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <Dialog
        open={unsent.taps + unsent.cash + unsent.walkUps > 0}
        title={
          unsent.taps > 0
            ? 'Log out with check-ins not sent?'
            : unsent.cash > 0
              ? 'Log out with cash payments not sent?'
              : 'Log out with walk-ups not sent?'
        }
        onClose={stay}
      >
        {unsentTaps > 0 && (
          <p className="text-stone-700">
            {unsentTaps === 1
              ? 'One check-in you made on this phone has not reached the server yet (no signal). It stays on this phone and is sent when you sign in here again, not when someone else does.'
              : `${unsentTaps} check-ins you made on this phone have not reached the server yet (no signal). They stay on this phone and are sent when you sign in here again, not when someone else does.`}
          </p>
        )}
        {unsent.cash > 0 && (
          <p className="text-stone-700">
            {unsent.cash === 1
              ? 'One cash payment you took on this phone has not reached the server yet: it stays on this phone and is sent when you sign in here again.'
              : `${unsent.cash} cash payments you took on this phone have not reached the server yet: they stay on this phone and are sent when you sign in here again.`}
          </p>
        )}
        {unsent.walkUps > 0 && (
          <p className="text-stone-700">
            {unsent.walkUps === 1
              ? 'One walk-up entry you took on this phone is not registered yet (no signal). It stays on this phone and is sent when you sign in here again.'
              : `${unsent.walkUps} walk-up entries you took on this phone are not registered yet (no signal). They stay on this phone and are sent when you sign in here again.`}
          </p>
        )}
        <DialogFooter
          onCancel={stay}
          cancelLabel="Stay signed in"
          label="Log out anyway"
          onConfirm={() => {
            stay();
            signOut.mutate();
          }}
        />
      </Dialog>
      {signOut.isError && (
        <div role="alert" className="bg-red-50 px-4 py-3 text-center font-medium text-red-900">
          Could not log out: {errorText(signOut.error)}
        </div>
      )}
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 print:max-w-none print:p-0 group-has-[[data-wide-page]]/layout:max-w-7xl">
        {children}
      </main>
      <footer className="border-t border-stone-200 bg-white print:hidden">
        <p className="mx-auto max-w-5xl px-4 py-5 text-sm text-stone-600 group-has-[[data-wide-page]]/layout:max-w-7xl">
          Celebration · signed in as <span className="break-words">{user.email}</span>
        </p>
      </footer>
    </div>
  );
}
