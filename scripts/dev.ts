// `npm run dev`: the API server in watch mode (port 3000) and Vite with hot reload (port 5173, proxying /api).
import { type ChildProcess, spawn } from 'node:child_process';

// Pages come from Vite's port: the API must know it for email links and its same-origin check.
const server: NodeJS.ProcessEnv = {
  ...process.env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};
// PAYNOW_URL=fake and SMS_URL=fake reach the server as they are: it starts its fakes itself (src/server/fakes/).
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: server,
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
console.log('Open http://localhost:5173 (the API answers on http://localhost:3000).');
