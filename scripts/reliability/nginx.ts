import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/free-port.ts';

/**
 * The README's nginx configuration ("More than one server") in front of `upstreams`, run as this user from a
 * temporary directory (`nginx -p dir -c conf`, in the foreground). Debian's nginx-light is enough.
 */
export function nginxConfig(dir: string, port: number, upstreams: number[]) {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log error;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  upstream celebration {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://celebration;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

export async function startNginx(upstreams: number[], port?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'reliability-nginx-'));
  mkdirSync(path.join(dir, 'logs'));
  const chosen = port ?? (await freePort());
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, chosen, upstreams));
  // Debian puts it in /usr/sbin, which a user's PATH may lack.
  const binary = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`${url}/readyz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('nginx did not listen within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
