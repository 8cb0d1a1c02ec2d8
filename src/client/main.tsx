import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PageDataContext, readPageData } from './app/page-data.ts';
import { AppRouter } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A public page comes rendered by the server with its data: the browser takes it over rather than drawing it again.
const pageData = readPageData();
const app = (
  <StrictMode>
    <PageDataContext value={pageData}>
      <AppRouter />
    </PageDataContext>
  </StrictMode>
);
if (pageData) hydrateRoot(root, app);
else createRoot(root).render(app);
