// Characters a browser strips or reads specially in a URL (tab, newline, spaces of every kind, invisible
// format characters): "/\t/evil.example" becomes "//evil.example", another site, once the tab is gone.
const CONTROL_OR_SPACE = /[\s\p{Cc}\p{Cf}]/u;
const MAX_LENGTH = 2000;

/**
 * A path on this site to go to next (after sign-in, after an emailed link), or undefined when `value`
 * could lead anywhere else or trip up the code that redirects. `value` is as read from the address
 * (query parameters already decoded once); its path is decoded once more before checking, so an
 * encoded slash or tab cannot slip through. Allowed: one leading `/`, no `//`, no backslash, no control
 * or whitespace characters. The query and fragment may carry percent-encoded text.
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || value.includes('\\') || CONTROL_OR_SPACE.test(value)) return undefined;
  const rawPath = value.split(/[?#]/, 1)[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (rawPath.includes('//') || path.includes('//') || path.includes('\\') || CONTROL_OR_SPACE.test(path)) {
    return undefined;
  }
  return value;
}
