import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { PageRenderer } from '../../src/server/features/pages/renderer.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createTestApp, madeLater, resetData } from './test-app.ts';

/** The public pages rendered from the sources (Vitest compiles them), for API tests without a build. */
export const rendererFromSources = () =>
  new PageRenderer({
    template: readFileSync(path.resolve('src/client/index.html'), 'utf8'),
    loadRenderer: () => import('../../src/client/ssr/render.tsx'),
  });

/**
 * One app for the file that renders the public pages from the sources, its log lines and the renderer's errors
 * kept for the tests to read; the data as seeded before each test.
 */
export function setUpAppWithPages() {
  const logLines: string[] = [];
  const renderErrors: unknown[] = [];
  let app: App | undefined;
  beforeAll(async () => {
    const pageRenderer = rendererFromSources();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await createTestApp({ RATE_LIMITS: 'off' }, { pageRenderer, logger: createLogger('info', sink) });
    pageRenderer.onError = (error) => renderErrors.push(error);
  });
  afterAll(() => app?.close());
  beforeEach(() => resetData());
  return { app: madeLater('the test app', () => app), logLines, renderErrors };
}
