import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/** A page ready to send: its HTML, and once asked for, compressed; an ETag when every request gets the same. */
export interface RenderedPage {
  html: string;
  etag?: string;
  compressed: Map<string, Buffer>;
}

/** Stands for the form's key in a cached page; each request gets its own, put in without rendering again. */
const FORM_KEY_PLACEHOLDER = 'form-key-0000000000000000000000000000';
const CACHE_LIMIT = 100;
/** Where the page's modules are named for page-start.ts, in the template kept for every page. */
const MODULES_PLACEHOLDER = 'page-modules';

/**
 * Renders the public pages into the client's index.html: their content, the data the browser's first render
 * is seeded with, the stylesheet inline and the page's chunks preloaded. The bundle is loaded on first use
 * (or just after the server listens), so a start does not wait for it. Pages are kept per path and per data,
 * so a change to the event (or a race filling up) shows at once and an unchanged page is rendered once.
 */
export class PageRenderer {
  private module?: Promise<RenderModule>;
  private shell?: { head: string; beforeRoot: string; afterRoot: string; entry: string };
  private readonly cache = new Map<string, RenderedPage>();

  /** Told of a part of a page that failed to render on the server (the browser renders it instead). */
  onError?: (error: unknown, url: string) => void;

  constructor(private readonly options: PageRendererOptions) {}

  /** Loads the bundle now, so the first visitor does not wait for it. */
  warm() {
    this.module ??= this.options.loadRenderer();
    return this.module;
  }

  /**
   * The page at `url` (path and query) rendered with `data`. Pages whose link has a query (a search, a
   * thank-you) or that were posted back are rendered each time; the others come from the cache.
   */
  async render(url: string, data: PageData, { cache = true } = {}): Promise<RenderedPage> {
    const dataJson = JSON.stringify(data);
    const key = `${url}\n${dataJson}`;
    const cacheable = cache && !url.includes('?');
    const cached = cacheable ? this.cache.get(key) : undefined;
    if (cached) return withFreshFormKey(cached);

    const { renderPage } = await this.warm();
    const withKey = { ...data, formKey: FORM_KEY_PLACEHOLDER };
    const appHtml = await renderPage(url, withKey, (error) => this.onError?.(error, url));
    const hasForm = appHtml.includes(FORM_KEY_PLACEHOLDER);
    const html = this.document(appHtml, hasForm ? withKey : data, url);
    const page: RenderedPage = {
      html,
      // A page with a form is never answered 304: its key must be new for each visit.
      etag: hasForm ? undefined : `"${createHash('sha1').update(html).digest('base64url')}"`,
      compressed: new Map(),
    };
    if (cacheable) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(key, page);
    }
    return withFreshFormKey(page);
  }

  /** Sends a page compressed as the browser accepts, or 304 when the browser has it already. */
  send(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, status = 200) {
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', status === 200 ? 'no-cache' : 'no-store');
    if (page.etag && status === 200) {
      reply.header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    let body = page.compressed.get(encoding);
    if (!body) {
      // Cached pages are compressed once, as hard as brotli goes; a page for one request quickly.
      body = compress(page.html, encoding, page.etag ? 'max' : 'fast');
      if (page.etag) page.compressed.set(encoding, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  }

  private document(appHtml: string, data: PageData, url: string) {
    const shell = this.parseShell();
    // React puts the page's <title> and resource hints first; they belong in the head.
    const hoisted = /^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)+/.exec(appHtml)?.[0] ?? '';
    // `<` escaped: what a visitor typed (a search, a name) cannot close the script element.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    return (
      shell.head
        .replace(MODULES_PLACEHOLDER, [shell.entry, ...this.pageChunks(url)].join(' '))
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
    template = template.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/, (link, href: string) => {
      const css = this.options.readAsset?.(href);
      return css === undefined ? link : `<style>${css}</style>`;
    });
    const [head = '', rest = ''] = template.split(/(?<=<\/head>)/);
    const [beforeRoot = '', afterRoot = ''] = rest.split('<div id="root"></div>');
    this.shell = { head, beforeRoot: `${beforeRoot}<div id="root">`, afterRoot, entry };
    return this.shell;
  }

  /** The page's own chunks, fetched beside the entry's rather than after it has run. */
  private pageChunks(url: string) {
    const { manifest } = this.options;
    const route = routeModuleOf(url);
    if (!manifest || !route) return [];
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('app/shell.tsx');
    visit(route);
    // The entry's own imports are in the template already.
    const entry = manifest['index.html'];
    const inEntry = new Set([entry?.file, ...(entry?.imports ?? []).map((key) => manifest[key]?.file)]);
    return [...files].filter((file) => !inEntry.has(file)).map((file) => `/${file}`);
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

function acceptedEncoding(header: string | undefined) {
  if (!header) return undefined;
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  return undefined;
}

function compress(html: string, encoding: string, effort: 'max' | 'fast') {
  if (encoding === 'br') {
    return brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 5 },
    });
  }
  return gzipSync(html, { level: effort === 'max' ? 9 : 6 });
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
