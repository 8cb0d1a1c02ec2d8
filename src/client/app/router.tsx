import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { NotFound } from './not-found.tsx';
import { PageLoading, RouteErrorBoundary } from './route-error.tsx';

type PageModule = { default: ComponentType };
/** Each page is its own chunk, so a phone downloads only the page it opens. */
const page = (load: () => Promise<PageModule>) => lazy(load);

const AppShell = lazy(() => import('./shell.tsx'));
const Landing = page(() => import('./routes/landing.tsx'));
const RegisterRunner = page(() => import('./routes/register-runner.tsx'));
const RegisterCyclist = page(() => import('./routes/register-cyclist.tsx'));
const ThankYou = page(() => import('./routes/thank-you.tsx'));
const Terms = page(() => import('./routes/terms.tsx'));
const Banking = page(() => import('./routes/banking.tsx'));
const Search = page(() => import('./routes/search.tsx'));

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
