import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS, pgliteStartParams, pgliteVersion, provisionFromTemplate } from './pglite-setup.ts';

/** A stand-in for dist/pglite-template: a stamp and a data directory with PG_VERSION. */
function fakeTemplate(version = pgliteVersion()) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  mkdirSync(path.join(dir, 'pgdata', 'base'), { recursive: true });
  writeFileSync(path.join(dir, 'pgdata', 'PG_VERSION'), '18\n');
  writeFileSync(path.join(dir, 'pgdata', 'base', 'file'), 'data');
  writeFileSync(path.join(dir, 'template.json'), JSON.stringify({ pgliteVersion: version }));
  return dir;
}

const newDataDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'pglite-data-')), 'pglite');

describe('the embedded database on a small server', () => {
  it("keeps PGlite's own start parameters and adds ours after them", () => {
    const params = pgliteStartParams();
    expect(params.slice(0, 3)).toEqual(['--single', '-F', '-O']);
    expect(params).toContain(`shared_buffers=${PGLITE_SETTINGS.shared_buffers}`);
    expect(params.indexOf('shared_buffers=16MB')).toBeGreaterThan(params.indexOf('io_method=sync'));
  });

  it('gives a new data directory its files from the build’s template', () => {
    const template = fakeTemplate();
    const dir = newDataDir();
    expect(provisionFromTemplate(dir, template)).toBe(true);
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(readFileSync(path.join(dir, 'base', 'file'), 'utf8')).toBe('data');
    // Nothing half-copied is left beside it.
    expect(readdirSync(path.dirname(dir))).toEqual(['pglite']);
  });

  it('fills an empty directory too (an earlier start may have made it)', () => {
    const dir = newDataDir();
    mkdirSync(dir);
    expect(provisionFromTemplate(dir, fakeTemplate())).toBe(true);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
  });

  it('never touches a directory that holds anything', () => {
    const dir = newDataDir();
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(provisionFromTemplate(dir, fakeTemplate())).toBe(false);
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('leaves initdb to PGlite when the template was made by another PGlite or is missing', () => {
    const dir = newDataDir();
    expect(provisionFromTemplate(dir, fakeTemplate('0.0.1'))).toBe(false);
    expect(provisionFromTemplate(dir, path.join(tmpdir(), 'no-such-template'))).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });
});
