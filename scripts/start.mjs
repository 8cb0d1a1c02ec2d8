// `npm start`: builds whatever is missing or older than the sources, then runs the server in this process.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const outputs = ['dist/server/main.js', 'dist/client/index.html', 'dist/pglite-template/template.json'];
const sources = ['src', 'drizzle', 'package.json', 'vite.config.ts'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (built < Math.max(...sources.map(newestMtime))) {
  console.log('Building Celebration (first start or sources changed)…');
  execFileSync('npx', ['tsx', 'scripts/build.ts'], { stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import(path.resolve('dist/server/main.js'));
