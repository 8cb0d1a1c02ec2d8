import { existsSync } from 'node:fs';
import path from 'node:path';

/** The package root, found from this file whether it runs from src/ (tsx) or dist/ (bundled). */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(import.meta.dirname);
export const migrationsFolder = path.join(projectRoot, 'drizzle');
export const clientDist = path.join(projectRoot, 'dist', 'client');
