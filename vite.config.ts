import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Modules whose chunks (and what they import) the public pages need to open without signal; the gift box is
 * asked for by the registration form only while gifts are open.
 */
const OFFLINE_MODULES =
  /src[\\/]client[\\/](main\.tsx|page-start\.ts|app[\\/](shell|routes[\\/](landing|register-runner|register-cyclist|thank-you))\.tsx|components[\\/]gift-box\.tsx|features[\\/]registrations[\\/](components[\\/]pending-sender\.tsx|pending-registration\.ts))$/;

/**
 * Writes sw.js (src/client/service-worker/sw.js) with this build's version and the files the public pages
 * need, so the service worker keeps exactly those and drops an older build's copies.
 */
function serviceWorker(): Plugin {
  return {
    name: 'celebration-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const files = new Set<string>();
      const add = (fileName: string) => {
        const chunk = byName.get(fileName);
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) add(imported);
      };
      for (const chunk of chunks) {
        // Grouped chunks (vite's codeSplitting groups below) have no single module: look at all of them.
        if (chunk.moduleIds.some((id) => OFFLINE_MODULES.test(id))) add(chunk.fileName);
      }
      const list = ['/logo.svg', '/favicon.svg', ...[...files].sort().map((file) => `/${file}`)];
      const source = readFileSync(path.resolve('src/client/service-worker/sw.js'), 'utf8');
      const version = createHash('sha256').update(list.join('\n')).update(source).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const BUILD = ${JSON.stringify({ version, files: list })};\n${source}`,
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serviceWorker()],
  resolve: {
    // React Router's package.json names only its development build (remix-run/react-router#12532, #14102):
    // its production build, without the development checks and warnings, for a built app.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
            },
          ]
        : [],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    sourcemap: false,
    // Which chunks each page needs: the server preloads them on the pages it renders (scripts/build.ts moves it).
    manifest: true,
    rolldownOptions: {
      // A client feature's index.ts only re-exports what other features may use of it (decision record 015):
      // said to have no side effects, it is looked through rather than given a chunk of its own.
      treeshake: {
        moduleSideEffects: (id: string) => !/src[\\/]client[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id),
      },
      // The app (index.html), and the small script the server-rendered pages start it with.
      input: {
        index: path.resolve('src/client/index.html'),
        'page-start': path.resolve('src/client/page-start.ts'),
      },
      output: {
        // Rolldown's automatic splitting makes one small chunk per set of pages sharing a module; with the
        // account pages that became ~20 chunks on /Register and cost ~5 KB gzip in per-chunk overhead.
        // Three groups keep the public pages as light as before. Only the matched modules are grouped (not
        // their dependencies), so React stays in the entry chunk; React Router joins the app group (in a chunk of its own it cost ~0.7 KiB gzip).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              // Everything a page inside the app shell needs: server state, the API client with the query keys
              // features share, the public frame.
              // Not the mutation hooks: the public forms send without them, only signed-in pages use them.
              // The public forms' reading of what was typed before the script came (typed-before-script): in a
              // chunk of its own it cost /Register more than its size.
              name: 'app',
              test: /node_modules[\\/]react-router[\\/]|node_modules[\\/]@tanstack[\\/](?!.*[\\/](useMutation|mutationObserver)\.js)|src[\\/]client[\\/](app[\\/](shell|test-payments-banner|typed-before-script)|features[\\/]events[\\/]components[\\/]registration-opens-soon|lib[\\/](api|query-keys)|components[\\/](public-page|privacy-notice-link)|components[\\/]ui[\\/]status|features[\\/]events[\\/]api|features[\\/]registrations[\\/](last-receipt|pending-flag)|features[\\/]accounts[\\/]signed-in-hint|lib[\\/]use-debounced-value)[\\/.]|src[\\/]shared[\\/](events[\\/]event-display|money)\.ts/,
              priority: 30,
            },
            {
              // Phone-number metadata: only forms with a phone field need it (once no shared module that
              // the account pages import pulls it in, they load without it).
              name: 'phone',
              test: /node_modules[\\/]libphonenumber-js[\\/]|src[\\/]shared[\\/]phone\.ts/,
              priority: 25,
            },
            {
              // Forms and their validation (zod/mini, react-hook-form): the registration and account pages. Not
              // ui/field.tsx: /Search uses its input style without any of this. The rule for children with
              // the entry's contract: a chunk of its own would import this one and be imported by it.
              name: 'forms',
              test: /node_modules[\\/](zod|react-hook-form)[\\/]|src[\\/]shared[\\/](validation|registrations[\\/](registration|guardian)|sms[\\/]sms-settings)\.ts|src[\\/]client[\\/]lib[\\/](use-zod-form|field-errors|announce)\.ts/,
              priority: 20,
            },
            {
              // The runner, cyclist and team forms in one file rather than several small ones (with the draft
              // they keep for coming Back).
              name: 'registration-form',
              test: /src[\\/]client[\\/](features[\\/]registrations[\\/](components[\\/](entrant-fields|registration-form)\.tsx|api[\\/]register\.ts)|app[\\/]routes[\\/]registration-page\.tsx|lib[\\/]session-draft\.ts)/,
              priority: 15,
            },
            {
              // idb-keyval stays with the registration kept on the phone, as before the check-in page used it
              // too: a chunk of its own is one more entry in the public pages' preload lists.
              name: 'pending-registration',
              test: /node_modules[\\/]idb-keyval[\\/]|src[\\/]client[\\/]features[\\/]registrations[\\/]pending-registration\.ts/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
}));
