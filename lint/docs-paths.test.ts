import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * README.md and docs/ stand alone: every repository path they name exists, and nothing they (or the code's
 * comments) say points at a file outside this repository. What counts as a path:
 * - a link's target, resolved from the Markdown file's folder (web addresses and #anchors aside);
 * - a `code span` that starts at a top-level folder (src/, docs/, tests/…) or names a file at the root;
 * - a `code span` such as `registrations/service.ts` or `check-in/` (a "/" and a known extension or a
 *   trailing "/"), found under one of SOURCE_ROOTS;
 * - a `code span` that is a bare file name with a known extension (`router.tsx`): some file of that name;
 * - a `code span` that is an import specifier (`./repository.ts`, `../registrations/**`): as if shortened;
 * - in a fenced block (the README's Layout), a word starting at a top-level folder.
 * Routes (`/My`, `/api/...`), system paths, commands, globs and placeholders are not paths of the
 * repository: a glob or placeholder is checked only up to the folder before it.
 * And the README's domain table lists every feature folder of the server and the client.
 */

const root = path.resolve(import.meta.dirname, '..');
const TOP_LEVEL = ['src', 'docs', 'tests', 'scripts', 'drizzle', 'bench', 'lint', '.ci'];
/** Where a shortened path such as `participants/service.ts` is read from. */
const SOURCE_ROOTS = [
  'src/server/features',
  'src/server',
  'src/client/features',
  'src/client',
  'src/shared',
  'src',
  'tests',
  'scripts',
];
/** Made by the build, at run time or by the machine: named by the docs, never in the repository. */
const NOT_IN_REPOSITORY = ['dist', 'data', 'DATA_DIR', '.cache', 'node_modules', 'pglite'];
const EXTENSIONS = /\.(ts|tsx|mts|mjs|js|cjs|json|md|sql|css|html|ya?ml|grit|sh|toml)$/;
/** What .gitignore leaves out (made by the build, the tests, the bench or the server), and git's own. */
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  '.cache',
  'test-results',
  'playwright-report',
  'screenshots',
  'tmp',
]);
// The notes the product was first built from, kept beside the repository, never in it (spelt in pieces so
// that this file does not name them). docs/product.md is the repository's own.
const OUTSIDE = new RegExp(
  `${['ENGINEERING', 'PRODUCT'].map((name) => `\\b${name}\\.md\\b`).join('|')}|original-spec|/work/shared\\b`,
);
/** In the docs, also the folder beside the repository those notes were in (code imports its own src/shared). */
const OUTSIDE_IN_DOCS = /\.\.\/shared\b/;

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(relative, found);
    else found.push(relative);
  }
  return found;
}

const files = walk('');
const fileNames = new Set(files.map((file) => path.basename(file)));
const markdown = ['README.md', ...files.filter((file) => file.startsWith('docs/') && file.endsWith('.md'))];

const exists = (relative: string) => existsSync(path.join(root, relative));

/** Inline code spans and link targets outside fences, and top-level paths inside them. */
function namedPaths(text: string) {
  const named: { text: string; kind: 'code' | 'link' | 'fence' }[] = [];
  const parts = text.split(/^(```[^\n]*\n[\s\S]*?^```)$/m);
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      const prefix = `(?:${TOP_LEVEL.map((dir) => dir.replace('.', '\\.')).join('|')})/`;
      for (const [word] of part.matchAll(new RegExp(`(?<![\\w./-])${prefix}[^\\s\`'"),]*`, 'g')))
        named.push({ text: word, kind: 'fence' });
      return;
    }
    for (const [, code] of part.matchAll(/`([^`\n]+)`/g)) named.push({ text: code ?? '', kind: 'code' });
    for (const [, target] of part.matchAll(/\]\(([^)\s]+)\)/g))
      named.push({ text: target ?? '', kind: 'link' });
  });
  return named;
}

/** Why a named path does not hold, or null when it does (or is no path of the repository). */
function problem(doc: string, { text, kind }: { text: string; kind: 'code' | 'link' | 'fence' }) {
  let name = text.trim().replace(/[.,;:]+$/, '');
  if (kind === 'link') {
    if (/^[a-z][a-z+.-]*:/i.test(name) || name.startsWith('#')) return null;
    name = name.replace(/[#?].*$/, '');
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(doc), name));
    if (target.startsWith('..')) return 'outside the repository';
    return exists(target) ? null : 'no such file';
  }
  if (/\s|=|:\/\/|^[/@$~]/.test(name)) return null;
  // A glob or a placeholder: the folder before it must exist.
  const open = name.search(/[*<>{}[\]…]|\bPID\b/);
  const placeholder = open >= 0;
  if (placeholder) name = name.slice(0, name.lastIndexOf('/', open) + 1);
  // An import specifier (`./repository.ts`, `../registrations/**`): read from some source file's folder.
  name = name.replace(/^(\.\.?\/)+/, '');
  if (!name) return null;
  const first = name.split('/')[0] ?? '';
  if (NOT_IN_REPOSITORY.includes(first)) return null;
  if (TOP_LEVEL.includes(first) && name.includes('/')) return exists(name) ? null : 'no such file';
  if (!name.includes('/')) {
    if (placeholder || !EXTENSIONS.test(name)) return null;
    return exists(name) || fileNames.has(name) ? null : 'no file of that name';
  }
  if (!EXTENSIONS.test(name) && !name.endsWith('/')) return null;
  return SOURCE_ROOTS.some((base) => exists(`${base}/${name}`))
    ? null
    : `not found under ${SOURCE_ROOTS.join(', ')}`;
}

describe('the docs', () => {
  it('name only paths that exist', () => {
    const missing: string[] = [];
    for (const doc of markdown) {
      for (const named of namedPaths(readFileSync(path.join(root, doc), 'utf8'))) {
        const why = problem(doc, named);
        if (why) missing.push(`${doc}: ${named.text} (${why})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("list every feature in the README's domain table, and no other", () => {
    const features = (dir: string) =>
      readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    const onDisk = new Set([...features('src/server/features'), ...features('src/client/features')]);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const start = readme.indexOf('\n| Domain ');
    const table = start < 0 ? '' : readme.slice(start, readme.indexOf('\n\n', start));
    const listed = new Set([...table.matchAll(/^\| `([a-z-]+)` +\|/gm)].map(([, name]) => name ?? ''));
    expect({
      missing: [...onDisk].filter((name) => !listed.has(name)),
      stale: [...listed].filter((name) => !onDisk.has(name)),
    }).toEqual({ missing: [], stale: [] });
  });

  it('and the code refer to no file outside the repository', () => {
    const self = path.relative(root, import.meta.filename);
    const text = /\.(ts|tsx|mts|mjs|js|cjs|json|md|css|html|ya?ml|grit|sh|toml|example)$|^\.ci\/run$/;
    const outside: string[] = [];
    for (const file of files) {
      if (file === self || !text.test(file) || file === 'package-lock.json') continue;
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const match = OUTSIDE.exec(line) ?? (file.endsWith('.md') ? OUTSIDE_IN_DOCS.exec(line) : null);
          if (match) outside.push(`${file}:${index + 1}: ${match[0]}`);
        });
    }
    expect(outside).toEqual([]);
  });
});
