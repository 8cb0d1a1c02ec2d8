import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');
// The project's own overrides, so that dropping or loosening the rule in biome.json fails this test too. The
// probes live in a copy of the client's folders outside the repository, never in the real tree.
const { overrides } = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as {
  overrides: unknown[];
};
const probeDir = mkdtempSync(path.join(tmpdir(), 'walls-probe-'));
writeFileSync(path.join(probeDir, 'biome.json'), JSON.stringify({ overrides }));
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

const WALL = 'A client feature uses another only through its index.ts';
const NO_SERVER = 'The client never imports the server';

/** Biome's output for a file at `file` (under src/client) that imports `specifier`. */
function lint(file: string, specifier: string) {
  const probe = path.join(probeDir, 'src/client', file);
  mkdirSync(path.dirname(probe), { recursive: true });
  writeFileSync(probe, `import { probe } from '${specifier}';\n\nexport const used = probe;\n`);
  const run = spawnSync(biome, ['lint', path.relative(probeDir, probe)], { cwd: probeDir, encoding: 'utf8' });
  rmSync(probe);
  return `${run.stdout}${run.stderr}`;
}

const IN_COMPONENTS = 'features/participants/components/probe.tsx';
const IN_FEATURE_ROOT = 'features/participants/probe.ts';

describe('the walls between client features', () => {
  it.each([
    [IN_COMPONENTS, '../../erasure/components/erase-person-dialog.tsx'],
    [IN_COMPONENTS, '../../events/api/get-event.ts'],
    [IN_COMPONENTS, '../../check-in/tap-queue.ts'],
    [IN_FEATURE_ROOT, '../registrations/components/entrant-fields.tsx'],
    [IN_COMPONENTS, '../../../features/payments/api/pay-online.ts'],
  ])('refuse %s importing another feature’s internals: %s', (file, specifier) => {
    expect(lint(file, specifier)).toContain(WALL);
  });

  it.each([
    [IN_COMPONENTS, '../../erasure/index.ts'],
    [IN_FEATURE_ROOT, '../registrations/index.ts'],
    [IN_COMPONENTS, '../api/participant.ts'],
    [IN_COMPONENTS, './bib-form.tsx'],
    [IN_FEATURE_ROOT, './paid-defaults.ts'],
    [IN_COMPONENTS, '../../../lib/query-keys.ts'],
    [IN_COMPONENTS, '../../../components/ui/settings-section.tsx'],
    // Pages compose features: app/routes may use any feature's parts.
    ['app/routes/probe.tsx', '../../features/erasure/components/erase-person-dialog.tsx'],
  ])('let %s import %s', (file, specifier) => {
    const output = lint(file, specifier);
    expect(output).toContain('Checked 1 file');
    expect(output).not.toContain(WALL);
  });

  it('name every feature folder, so that a new feature is walled in too', () => {
    const walls = JSON.stringify(overrides);
    for (const feature of readdirSync(path.join(root, 'src/client/features'))) {
      expect(walls).toContain(`"../${feature}/**"`);
      expect(walls).toContain(`"../../${feature}/**"`);
    }
  });

  it('keep the client’s rule against the server inside a feature (an override replaces, never merges)', () => {
    expect(lint(IN_COMPONENTS, '../../../../server/app.ts')).toContain(NO_SERVER);
  });
});
