import { execFileSync } from 'node:child_process';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell), what Playwright runs
 * headless by default: the same Blink and V8 without the full browser around them, a third less CPU per
 * browser test on two cores (decision 014). It has no Background Sync, so the specs that use it run on
 * CHROMIUM.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The flags for Debian's Chromium in a container run as root without a GPU: no sandbox, no QUIC, no first-run
 * screens and nothing fetched in the background (headless mode is added by each launcher), for the browser
 * tests, the bench's page loads and Lighthouse alike.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium's version, or undefined when it is not installed. */
export function chromiumVersion(): string | undefined {
  try {
    const out = execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.match(/\d+(\.\d+)+/)?.[0] ?? 'unknown';
  } catch {
    return undefined;
  }
}
