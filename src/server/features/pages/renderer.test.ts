import { describe, expect, it } from 'vitest';
import { PageRenderer } from './renderer.ts';

// A built client's index.html as Vite writes it when the entry imports chunks of its own (React, the app's).
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Celebration</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/app-1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js', '_app-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_app-1.js': { file: 'assets/app-1.js', imports: ['_react-1.js'] },
  'page-start.ts': { file: 'assets/page-start-1.js' },
  'app/shell.tsx': { file: 'assets/shell-1.js', imports: ['_app-1.js'] },
  'app/routes/register-runner.tsx': { file: 'assets/register-runner-1.js', imports: ['_forms-1.js'] },
  '_forms-1.js': { file: 'assets/forms-1.js' },
};

const renderer = new PageRenderer({
  template: TEMPLATE,
  manifest: MANIFEST,
  loadRenderer: async () => ({ renderPage: async () => '<main><h1>Register as Runner</h1></main>' }),
});

describe('a server-rendered page', () => {
  it('asks for no script before its content is painted: page-start preloads them all after', async () => {
    const { html } = await renderer.render('/Register', { queries: [] });
    const head = html.slice(0, html.indexOf('</head>'));
    // Preloaded from the head, the app's chunks shared a slow line with the page (Lighthouse's first paint 2 s).
    expect(head).not.toContain('modulepreload');
    const modules = /data-modules="([^"]*)"/.exec(head)?.[1]?.split(' ');
    expect(modules).toEqual([
      '/assets/index-1.js',
      '/assets/react-1.js',
      '/assets/app-1.js',
      '/assets/shell-1.js',
      '/assets/register-runner-1.js',
      '/assets/forms-1.js',
    ]);
    expect(head).toContain('<script type="module" crossorigin src="/assets/page-start-1.js"');
    expect(html).toContain('<h1>Register as Runner</h1>');
  });
});
