import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { type PageData, PageDataContext } from '../app/page-data.ts';
import { AppRoutes } from '../app/router.tsx';

/**
 * A public page's HTML for the inside of #root, rendered from the same routes and components as the browser
 * hydrates, with the data it will be seeded with. Waits for every lazy page chunk, so the HTML is complete.
 */
export async function renderPage(
  url: string,
  data: PageData,
  onError?: (error: unknown) => void,
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageDataContext value={data}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </PageDataContext>
    </StrictMode>,
    // A part that fails is left for the browser to render; the server says why in its log. No part is moved
    // to the end of the page behind a script (React does so with a lazy part larger than 12.8 kB, e.g. the
    // group registration form): the page is read without JavaScript, and the CSP runs no inline script.
    { onError, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return text(prelude.pipe(new PassThrough()));
}
