import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageLoading, RouteErrorBoundary } from './route-error.tsx';

// Each page is its own chunk, so a phone downloads only the page it opens.
const AppShell = lazy(() => import('./shell.tsx'));
const Landing = lazy(() => import('./routes/landing.tsx'));
const RegisterRunner = lazy(() => import('./routes/register-runner.tsx'));
const RegisterCyclist = lazy(() => import('./routes/register-cyclist.tsx'));
const ThankYou = lazy(() => import('./routes/thank-you.tsx'));
const Terms = lazy(() => import('./routes/terms.tsx'));
const Privacy = lazy(() => import('./routes/privacy.tsx'));
const Banking = lazy(() => import('./routes/banking.tsx'));
const Search = lazy(() => import('./routes/search.tsx'));
const Results = lazy(() => import('./routes/results.tsx'));
const Give = lazy(() => import('./routes/give.tsx'));
// An entrant's own entry by its private link (/My/<token>), or the page that mails the links again (/My);
// also a place offered from a race's waitlist, by its private link (/Offer/<token>).
const My = lazy(() => import('./routes/my.tsx'));
// Every other page (accounts, the programme, administration) with its routes: a chunk the public fun-run
// pages above never load, so their route table stays out of a phone's first download.
const MoreRoutes = lazy(() => import('./more-routes.tsx'));

// Declarative routes: React Router matches them case-insensitively by default, so /register opens /Register.
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Every route, inside whichever router renders them: the browser's, or the server's for the public pages. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<AppShell />}>
            <Route index element={<Landing />} />
            <Route path="Welcome" element={<Landing />} />
            <Route path="Register" element={<RegisterRunner />} />
            <Route path="RegisterCyclist" element={<RegisterCyclist />} />
            <Route path="Thankyou" element={<ThankYou />} />
            <Route path="Terms" element={<Terms />} />
            <Route path="Privacy" element={<Privacy />} />
            <Route path="Banking" element={<Banking />} />
            <Route path="Search" element={<Search />} />
            <Route path="Results" element={<Results />} />
            <Route path="Give" element={<Give />} />
            <Route path="My/:token?" element={<My />} />
            <Route path="Offer/:token" element={<My />} />
            <Route path="ConfirmEmail/:token" element={<My />} />
            <Route path="Transfer/:token" element={<My />} />
            <Route path="PayFor/:token" element={<My />} />
            {/* A text message's short link the server found nothing for (one it knows is redirected). */}
            <Route path="m/:token" element={<My />} />
            <Route path="*" element={<MoreRoutes />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
