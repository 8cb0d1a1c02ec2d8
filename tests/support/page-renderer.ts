import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PageRenderer } from '../../src/server/features/pages/renderer.ts';

/** The public pages rendered from the sources (Vitest compiles them), for API tests without a build. */
export const rendererFromSources = () =>
  new PageRenderer({
    template: readFileSync(path.resolve('src/client/index.html'), 'utf8'),
    loadRenderer: () => import('../../src/client/ssr/render.tsx'),
  });
