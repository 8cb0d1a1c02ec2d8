import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { NotFound } from './not-found.tsx';
import { PageLoading, RouteErrorBoundary } from './route-error.tsx';

// Each page is its own chunk, so a phone downloads only the page it opens.
const AppShell = lazy(() => import('./shell.tsx'));
const Landing = lazy(() => import('./routes/landing.tsx'));
const RegisterRunner = lazy(() => import('./routes/register-runner.tsx'));
const RegisterCyclist = lazy(() => import('./routes/register-cyclist.tsx'));
const ThankYou = lazy(() => import('./routes/thank-you.tsx'));
const Terms = lazy(() => import('./routes/terms.tsx'));
const Banking = lazy(() => import('./routes/banking.tsx'));
const Search = lazy(() => import('./routes/search.tsx'));

// Declarative routes: React Router matches them case-insensitively by default, so /register opens /Register.
export function AppRouter() {
  return (
    <BrowserRouter>
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
              <Route path="Banking" element={<Banking />} />
              <Route path="Search" element={<Search />} />
            </Route>
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
