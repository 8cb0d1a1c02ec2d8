import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageData } from '../../../shared/page-data.ts';
import { SERVER_RENDERED_PAGES } from '../../../shared/server-rendered-pages.ts';

/** What the server bundle (dist/ssr/render.js, built from src/client/ssr/render.tsx) offers. */
export interface RenderModule {
  renderPage(url: string, data: PageData, onError?: (error: unknown) => void): Promise<string>;
}

/** Vite's manifest of the client build: each source module's chunk and the chunks it imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

export interface PageRendererOptions {
  /** The built client's index.html, with its script and stylesheet. */
  template: string;
  /** The stylesheet's text, put in the page so that nothing else is waited for before its content shows. */
  readAsset?: (href: string) => string | undefined;
  manifest?: Manifest;
  loadRenderer: () => Promise<RenderModule>;
}

/** A page ready to send: its HTML, and an ETag when every request gets the same. */
export interface RenderedPage {
  html: string;
  etag?: string;
  /** One person's page (a private link's, a receipt): answered no-store, never 304. */
  personal?: boolean;
  /**
   * A cached page's bodies per encoding, kept for every request until the page's data changes: quickly
   * compressed at first, replaced by the smallest once the thread pool has made it (see `send`).
   */
  compressed?: Map<Encoding, Buffer>;
}

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Stands for the form's key in a cached page; each request gets its own, put in without rendering again. */
const FORM_KEY_PLACEHOLDER = 'form-key-0000000000000000000000000000';
const CACHE_LIMIT = 100;
/** Where the page's modules are named for page-start.ts, in the template kept for every page. */
const MODULES_PLACEHOLDER = 'page-modules';

/**
 * Renders the public pages into the client's index.html: their content, the data the browser's first render
 * is seeded with, the stylesheet inline and the page's chunks preloaded. The bundle is loaded on first use
 * (or just after the server listens), so a start does not wait for it. Pages are kept per route and per data,
 * so a change to the event (or a race filling up) shows at once and an unchanged page is rendered once.
 */
export class PageRenderer {
  private module?: Promise<RenderModule>;
  private shell?: { head: string; beforeRoot: string; afterRoot: string; entry: string };
  private readonly cache = new Map<string, Promise<RenderedPage>>();

  /** Told of a part of a page that failed to render on the server (the browser renders it instead). */
  onError?: (error: unknown, url: string) => void;

  constructor(private readonly options: PageRendererOptions) {}

  /** Loads the bundle now, so the first visitor does not wait for it. */
  warm() {
    this.module ??= this.options.loadRenderer();
    return this.module;
  }

  /**
   * The page at `url` (its route's path, with the query when the page reads it) rendered with `data`. Pages
   * whose link has a query (a search, a thank-you) or that were posted back are rendered each time, and so is
   * one person's page; the others are rendered once per route and data, by the first request that needs them.
   * `module` names the route's client module where the path does not (a private link's page).
   */
  async render(
    url: string,
    data: PageData,
    {
      cache = true,
      personal = false,
      module,
      dataKey,
    }: {
      cache?: boolean;
      personal?: boolean;
      module?: string;
      /** Stands for `data` in the cache's key, where the caller knows it (the event's ETag). */
      dataKey?: string;
    } = {},
  ): Promise<RenderedPage> {
    if (personal) {
      const { html } = await this.renderNow(url, data, false, module);
      return withFreshFormKey({ html, personal });
    }
    if (!cache || url.includes('?')) return withFreshFormKey(await this.renderNow(url, data, false));
    const key = `${url}\n${dataKey ?? JSON.stringify(data)}`;
    let page = this.cache.get(key);
    if (!page) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      page = this.renderNow(url, data, true);
      this.cache.set(key, page);
      page.catch(() => this.cache.delete(key));
    }
    return withFreshFormKey(await page);
  }

  private async renderNow(
    url: string,
    data: PageData,
    cached: boolean,
    module?: string,
  ): Promise<RenderedPage> {
    const { renderPage } = await this.warm();
    const withKey = { ...data, formKey: FORM_KEY_PLACEHOLDER };
    const appHtml = await renderPage(url, withKey, (error) => this.onError?.(error, url));
    const hasForm = appHtml.includes(FORM_KEY_PLACEHOLDER);
    const html = this.document(appHtml, hasForm ? withKey : data, module ?? routeModuleOf(url));
    // A page with a form is never answered 304: its key must be new for each visit, so is its body.
    if (hasForm) return { html };
    const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
    if (!cached) return { html, etag };
    const compressed = new Map<Encoding, Buffer>();
    for (const encoding of ENCODINGS) {
      // Should it ever fail, the quick body made on first request stays.
      compressBest(html, encoding).then(
        (body) => compressed.set(encoding, body),
        () => {},
      );
    }
    return { html, etag, compressed };
  }

  /** Sends a page compressed as the browser accepts, or 304 when the browser has it already. */
  send(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, status = 200) {
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', status === 200 && !page.personal ? 'no-cache' : 'no-store');
    if (page.etag && status === 200) {
      reply.header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    // The smallest body costs ~200 ms of CPU: never on the event loop. A request before it is ready, and a
    // page made for one request, get a quick one (~1 ms).
    let body = page.compressed?.get(encoding);
    if (!body) {
      body = compressFast(page.html, encoding);
      if (page.compressed && !page.compressed.has(encoding)) page.compressed.set(encoding, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  }

  private document(appHtml: string, data: PageData, route: string | undefined) {
    const shell = this.parseShell();
    // React puts the page's <title> and resource hints first; they belong in the head.
    const hoisted = /^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)+/.exec(appHtml)?.[0] ?? '';
    // `<` escaped: what a visitor typed (a search, a name) cannot close the script element.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    return (
      shell.head
        .replace(MODULES_PLACEHOLDER, [shell.entry, ...this.pageChunks(route)].join(' '))
        .replace('</head>', `${hoisted}</head>`) +
      shell.beforeRoot +
      appHtml.slice(hoisted.length) +
      `</div><script type="application/json" id="page-data">${json}</script>` +
      shell.afterRoot
    );
  }

  /** The template cut around #root, with the stylesheet inline and what only the SPA needs taken out. */
  private parseShell() {
    if (this.shell) return this.shell;
    let template = this.options.template
      // The event comes in the page: the SPA's early request for it would be a second download.
      .replace(/<link rel="preload" href="\/api\/event"[^>]*>\s*/, '')
      // These pages work without JavaScript.
      .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
      .replace(/<title>[^<]*<\/title>\s*/, '');
    // The page is whole without its script: the text is painted first, and the app is asked for after it
    // (by page-start.ts, which the build names in its manifest; without one, at low priority).
    let entry = '';
    const start = this.options.manifest?.['page-start.ts']?.file;
    template = template.replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (script, src: string) => {
        entry = src;
        return start
          ? `<script type="module" crossorigin src="/${start}" data-modules="${MODULES_PLACEHOLDER}"></script>`
          : script.replace('<script', '<script fetchpriority="low"');
      },
    );
    // The entry's own chunks (React, the app's) are preloaded by page-start.ts after the paint, with the page's:
    // preloaded from the head, they shared a slow line with the page itself (Lighthouse's first paint 0.9 → 2.0 s).
    if (start) template = template.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
    template = template.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/, (link, href: string) => {
      const css = this.options.readAsset?.(href);
      return css === undefined ? link : `<style>${css}</style>`;
    });
    const [head = '', rest = ''] = template.split(/(?<=<\/head>)/);
    const [beforeRoot = '', afterRoot = ''] = rest.split('<div id="root"></div>');
    this.shell = { head, beforeRoot: `${beforeRoot}<div id="root">`, afterRoot, entry };
    return this.shell;
  }

  /** The entry's chunks and the page's own, fetched beside the entry rather than after it has run. */
  private pageChunks(route: string | undefined) {
    const { manifest } = this.options;
    if (!manifest) return [];
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    // The entry's own imports first: the entry runs once they are there.
    for (const imported of manifest['index.html']?.imports ?? []) visit(imported);
    if (route) {
      visit('app/shell.tsx');
      visit(route);
    }
    const entry = manifest['index.html']?.file;
    return [...files].filter((file) => file !== entry).map((file) => `/${file}`);
  }
}

/** Which client module each server-rendered path opens (paths match in any case, as the router's do). */
const routeModules = new Map(
  Object.entries(SERVER_RENDERED_PAGES).map(([route, module]) => [route.toLowerCase(), module]),
);

function routeModuleOf(url: string) {
  const pathname = (url.split('?')[0] ?? '/').replace(/(.)\/$/, '$1').toLowerCase();
  return routeModules.get(pathname);
}

function withFreshFormKey(page: RenderedPage): RenderedPage {
  if (page.etag) return page;
  return { ...page, html: page.html.replaceAll(FORM_KEY_PLACEHOLDER, randomUUID()) };
}

function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  return undefined;
}

/**
 * For a 62 KB page: brotli at 4 and gzip at 9 both give ~13.7 KB in ~1 ms, gzip at 1 ~15.9 KB in 0.3 ms;
 * brotli at 11 gives 11.5 KB in ~200 ms.
 */
const FAST_COMPRESSION = { brotliQuality: 4, gzipLevel: 1 };
const BEST_COMPRESSION = { brotliQuality: 11, gzipLevel: 9 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compressFast(html: string, encoding: Encoding) {
  return encoding === 'br'
    ? brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: FAST_COMPRESSION.brotliQuality },
      })
    : gzipSync(html, { level: FAST_COMPRESSION.gzipLevel });
}

/** On the thread pool: the event loop goes on serving while it runs. */
function compressBest(html: string, encoding: Encoding) {
  return encoding === 'br'
    ? brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: BEST_COMPRESSION.brotliQuality } })
    : gzipAsync(html, { level: BEST_COMPRESSION.gzipLevel });
}

/**
 * The renderer of a built app: dist/client's page and stylesheet, and beside it dist/ssr's bundle and the
 * client's manifest (scripts/build.ts); none for a client built without them.
 */
export function rendererForBuild(clientDir: string): PageRenderer | undefined {
  const ssrDir = path.join(clientDir, '..', 'ssr');
  const bundle = path.join(ssrDir, 'render.js');
  if (!existsSync(bundle) || !existsSync(path.join(clientDir, 'index.html'))) return undefined;
  const manifestFile = path.join(ssrDir, 'client-manifest.json');
  return new PageRenderer({
    template: readFileSync(path.join(clientDir, 'index.html'), 'utf8'),
    readAsset: (href) => {
      const file = path.join(clientDir, path.normalize(href));
      return file.startsWith(clientDir) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    },
    manifest: existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined,
    loadRenderer: () => import(/* @vite-ignore */ pathToFileURL(bundle).href),
  });
}
