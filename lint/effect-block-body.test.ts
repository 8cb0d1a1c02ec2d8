import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');
// The project's own plugins, so that dropping the plugin from biome.json fails this test too.
const { plugins } = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as { plugins: string[] };
const probeDir = mkdtempSync(path.join(tmpdir(), 'lint-probe-'));
writeFileSync(
  path.join(probeDir, 'biome.json'),
  JSON.stringify({ plugins: plugins.map((plugin) => path.join(root, plugin)) }),
);
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

/** Biome's output for one component whose body is `body`. */
function lint(body: string) {
  writeFileSync(path.join(probeDir, 'probe.tsx'), `export function Probe() {\n${body}\n  return null;\n}\n`);
  const run = spawnSync(biome, ['lint', 'probe.tsx'], { cwd: probeDir, encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

describe('the effect-block-body lint plugin', () => {
  it.each([
    'useEffect(() => card.current?.scrollIntoView(), []);',
    'useLayoutEffect(() => (kept ? release() : undefined), [kept]);',
    'React.useEffect(() => setReady(true));',
  ])('refuses an effect with an expression body: %s', (effect) => {
    expect(lint(effect)).toContain('Give this effect a block body');
  });

  it('accepts block bodies, with or without a cleanup', () => {
    const output = lint(
      'useEffect(() => {\n  card.current?.scrollIntoView();\n}, []);\n' +
        'useLayoutEffect(() => {\n  if (kept) return release();\n}, [kept]);',
    );
    expect(output).toContain('Checked 1 file');
    expect(output).not.toContain('Give this effect a block body');
  });
});
