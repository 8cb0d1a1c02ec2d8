import { createServer } from 'node:net';

/** The first of these ports nobody listens on: the range this project's tests may use beside others. */
export async function freePort(first = 3630, last = 3639) {
  for (let port = first; port <= last; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer().once('error', () => resolve(false));
      probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${first}–${last}`);
}
