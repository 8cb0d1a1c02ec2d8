import os from 'node:os';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

const WILDCARDS = new Set(['0.0.0.0', '::', '']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

const originOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * The addresses a server listening on HOST answers at, as Fastify logs them for 0.0.0.0 (every IPv4 address
 * of the machine; IPv6 too for `::`, save link-local ones, which a browser cannot open), and `localhost` beside
 * a loopback address, since that is what people type on the machine itself. Addresses that are not loopback
 * come first, in the order the system lists them.
 */
export function listenOrigins(host: string, port: number, interfaces: Interfaces = os.networkInterfaces()) {
  const hosts: string[] = [];
  if (WILDCARDS.has(host)) {
    for (const address of Object.values(interfaces).flatMap((list) => list ?? [])) {
      if (address.family === 'IPv6' && (host !== '::' || address.address.startsWith('fe80:'))) continue;
      hosts.push(address.address);
    }
  } else {
    hosts.push(host);
  }
  const loopback = hosts.filter((name) => isLoopback(name));
  const reachable = hosts.filter((name) => !isLoopback(name));
  if (loopback.length > 0 || host === 'localhost') loopback.unshift('localhost');
  return [...new Set([...reachable, ...loopback])].map((name) => originOf(name, port));
}

export function isLoopback(host: string) {
  return LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
}

/** The start-up line: which addresses open the site, from this machine and from others. */
export function readyLine(origins: readonly string[], publicUrl: string | undefined) {
  if (publicUrl) return `Celebration is ready at ${publicUrl}`;
  const fromHere = origins.filter((origin) => isLoopback(new URL(origin).hostname.replace(/^\[|\]$/g, '')));
  const fromElsewhere = origins.filter((origin) => !fromHere.includes(origin));
  const here = `on this machine at ${fromHere.join(' or ')}`;
  return fromElsewhere.length > 0
    ? `Celebration is ready at ${fromElsewhere.join(', ')} (from a phone on the same network), and ${here}`
    : `Celebration is ready ${here} only`;
}
