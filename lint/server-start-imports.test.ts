import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What every server loads as it starts: the modules statically imported from the server's entry and its app.
 * Heavy libraries used by a few requests (PDFs, the description's Markdown) or by one database only stay out
 * of it, loaded by `await import()` where they are used: each costs start time and idle memory (issue 15,
 * issue 44: start ≤ 1 s on an existing data directory, idle ≤ 250 MB).
 */

const root = path.resolve(import.meta.dirname, '..');
const ENTRIES = ['src/server/server.ts', 'src/server/app.ts'];
const LOADED_ON_DEMAND = [
  'pdfkit',
  'pg',
  'sanitize-html',
  'markdown-it',
  '@electric-sql/pglite',
  'read-excel-file',
  'fflate',
  'ical-generator',
];

// Static imports and re-exports that bring code at run time (`import type` and `export type` bring none).
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function staticGraph(entries: string[]) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const pending = entries.map((entry) => path.join(root, entry));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        if (existsSync(target)) pending.push(target);
      } else if (!specifier.startsWith('node:')) {
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0];
        packages.set(name ?? specifier, path.relative(root, file));
      }
    }
  }
  return { files, packages };
}

describe("the server's start", () => {
  const { files, packages } = staticGraph(ENTRIES);

  it('reads the graph (a broken walk would find nothing to forbid)', () => {
    expect(files.size).toBeGreaterThan(100);
    expect(packages.has('fastify')).toBe(true);
  });

  it.each(LOADED_ON_DEMAND)('does not load %s (imported where it is used, with await import())', (name) => {
    expect(packages.get(name), `${name} is imported statically by ${packages.get(name)}`).toBeUndefined();
  });
});
