import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { buildDatabaseTemplate } from './build-database-template.ts';
import { buildImages } from './build-images.ts';

const CLIENT_OUT = path.resolve('dist/client');
const SSR_OUT = path.resolve('dist/ssr');
const SERVER_EXTERNALS = [
  '@electric-sql/pglite',
  'sharp',
  'pdfkit',
  'dejavu-fonts-ttf',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'pino-pretty',
  'pg-native',
];
// wasm: the check-in page's QR reader, 930 KB as built and a third of it compressed.
const COMPRESSIBLE = /\.(js|css|html|svg|txt|json|webmanifest|wasm)$/;

/** Writes .br and .gz beside each text asset, so the server sends them without compressing per request. */
function precompress(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(entry.name) && statSync(file).size > 512) {
      const content = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

export async function buildAll() {
  await viteBuild({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn' });
  await buildImages(path.join(CLIENT_OUT, 'images'));
  precompress(CLIENT_OUT);
  await buildPageRenderer();
  rmSync('dist/server', { recursive: true, force: true });
  await esbuild({
    entryPoints: ['src/server/main.ts'],
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Separate chunks for dynamic imports, so what a route loads on first use stays out of the start.
    splitting: true,
    target: 'node20',
    // Dependencies are bundled: Node loads a few files instead of about 1,450, and Node 22/24 no longer
    // parse a package's package.json again for each of its files (drizzle-orm's is 175 KB, loaded for
    // 112 files: ~150 MB of garbage and 0.4 s at start on Node 24). These stay in node_modules: native
    // code (sharp), files found next to their own code (PGlite's WASM, pdfkit's and DejaVu's fonts,
    // the API viewer's assets, @fastify/swagger's and pino's own files), pino-pretty (loaded only when the
    // log goes to a terminal) and pg's optional native driver.
    external: SERVER_EXTERNALS,
    // Bundled CommonJS code calls require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: 'warning',
  });
  await buildDatabaseTemplate();
}

/**
 * The public pages' renderer (src/client/ssr/render.tsx) for the server, with everything it uses bundled in
 * (React's production build), and the client's manifest beside it: which chunks each page preloads.
 */
async function buildPageRenderer() {
  await viteBuild({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    ssr: { noExternal: true },
    build: {
      ssr: 'ssr/render.tsx',
      outDir: SSR_OUT,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rolldownOptions: { output: { codeSplitting: true } },
    },
  });
  renameSync(path.join(CLIENT_OUT, '.vite', 'manifest.json'), path.join(SSR_OUT, 'client-manifest.json'));
  rmSync(path.join(CLIENT_OUT, '.vite'), { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildAll();
  console.log(`Built client and server into dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
