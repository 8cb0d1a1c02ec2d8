import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { PublicEvent } from '../../shared/events/event.ts';
import { displayPhone } from '../../shared/events/event-display.ts';
import { maybeSignedIn } from '../features/accounts/signed-in-hint.ts';
import { useEvent } from '../features/events/api/get-event.ts';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-2 text-sm font-medium hover:bg-white/10 ${isActive ? 'underline underline-offset-4' : ''}`;

const MAIN_LINKS = [
  ['/Register', 'Run'],
  ['/RegisterCyclist', 'Cycle'],
  ['/Search', 'Search'],
  ['/Banking', 'Banking'],
] as const;

// Fetched only by a browser that signed in: a visitor downloads none of it.
const SignedInAs = lazy(() => import('../features/accounts/components/signed-in-as.tsx'));

/** A signed-in person's name, linking to their own page; nothing for a visitor. */
export function SignedInLink() {
  // Read after the first render, which must match a page rendered without the browser's storage.
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    setSignedIn(maybeSignedIn());
  }, []);
  return signedIn ? (
    <Suspense fallback={null}>
      <SignedInAs />
    </Suspense>
  ) : null;
}

/** Header, main and footer shared by the public pages; the header names a signed-in person. */
export function PublicPage({
  title,
  children,
  wide,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { data: event } = useEvent();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <Link to="/" className="flex items-center gap-2 py-1 font-bold">
            <img src="/logo.svg" alt="" width="32" height="32" className="size-8" />
            {event?.title ?? 'Celebration Fun Run'}
          </Link>
          <div className="flex flex-wrap items-center gap-1">
            <nav aria-label="Main" className="flex flex-wrap gap-1">
              {MAIN_LINKS.map(([to, label]) => (
                <NavLink key={to} to={to} className={navLinkClass}>
                  {label}
                </NavLink>
              ))}
            </nav>
            <SignedInLink />
          </div>
        </div>
      </header>
      <main className={`mx-auto w-full flex-1 px-4 py-8 ${wide ? 'max-w-5xl' : 'max-w-2xl'}`}>
        <title>{`${title} · ${event?.title ?? 'Celebration Fun Run'}`}</title>
        {children}
      </main>
      <SiteFooter event={event} />
    </div>
  );
}

export function SiteFooter({ event }: { event?: PublicEvent }) {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap justify-between gap-3 px-4 py-6 text-sm text-stone-700">
        <p>
          {event ? (
            <>
              Questions? Call{' '}
              <a href={`tel:${event.contactPhone}`} className="font-medium underline">
                {displayPhone(event, event.contactPhone)}
              </a>
            </>
          ) : (
            'Celebration Fun Run'
          )}
        </p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-2">
          <Link to="/Terms" className="underline">
            Terms and Conditions
          </Link>
          <Link to="/Privacy" className="underline">
            Privacy
          </Link>
          <Link to="/Banking" className="underline">
            Banking Details
          </Link>
          <Link to="/Search" className="underline">
            Find an entrant
          </Link>
          <Link to="/RegisterMan" className="underline">
            Men's programme
          </Link>
          <Link to="/About" className="underline">
            Sign in
          </Link>
        </nav>
      </div>
    </footer>
  );
}
