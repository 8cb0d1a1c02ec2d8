import { execFileSync } from 'node:child_process';
import pg from 'pg';
import sharp from 'sharp';

type Check = (name: string, ok: boolean, detail: string) => void;

async function sql<Row>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** An account made by `npm run admin:create` (it works beside running servers on PostgreSQL), then given its role. */
function account(url: string, serverNode: string, email: string, role: 'admin' | 'participant') {
  execFileSync(
    serverNode,
    [
      'node_modules/tsx/dist/cli.mjs',
      'scripts/create-admin.ts',
      '--email',
      email,
      '--password',
      PASSWORD,
      '--name',
      role,
    ],
    { env: { ...process.env, DATABASE_URL: url }, stdio: 'ignore' },
  );
  return sql(url, `update "user" set role = $2 where email = $1`, [email, role]);
}

const PASSWORD = 'nginx-scenario-password-1';

async function signIn(site: string, email: string) {
  const response = await fetch(`${site}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

function post(url: string, site: string, cookie: string, name: string, body: Buffer, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)], { type }), name);
  return fetch(url, { method: 'POST', headers: { cookie, origin: site }, body: form });
}

const get = async (url: string, cookie = '') => {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
};

/**
 * Files every server must see, each server with a data directory of its own: a man's assignment upload made
 * through A downloads through B (and through nginx, whichever server answers); the event photo set through A
 * shows through B, placeholder and all.
 */
export async function filesSeenByEveryServer(
  check: Check,
  { url, site, a, b, serverNode }: { url: string; site: string; a: string; b: string; serverNode: string },
) {
  await account(url, serverNode, 'nginx.admin@example.com', 'admin');
  await account(url, serverNode, 'nginx.man@example.com', 'participant');
  await sql(
    url,
    `insert into men (first_name, last_name, email, mobile, user_id)
     select 'Shared', 'Upload', email, '+263771234567', id from "user" where email = 'nginx.man@example.com'`,
  );
  const [admin, man] = [
    await signIn(site, 'nginx.admin@example.com'),
    await signIn(site, 'nginx.man@example.com'),
  ];

  const [assignment] = await sql<{ id: string }>(url, 'select id from assignments order by due_on limit 1');
  const document = Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n'),
    Buffer.from(`%${'x'.repeat(20_000)}\n%%EOF\n`),
  ]);
  const uploaded = await post(
    `${a}/api/me/assignments/${assignment?.id}/submission`,
    site,
    man,
    'essay.pdf',
    document,
    'application/pdf',
  );
  await uploaded.arrayBuffer();
  const [submission] = await sql<{ id: string }>(url, 'select id from submissions limit 1');
  const fromB = await get(`${b}/api/submissions/${submission?.id}/file`, admin);
  const throughNginx = [
    await get(`${site}/api/submissions/${submission?.id}/file`, admin),
    await get(`${site}/api/submissions/${submission?.id}/file`, admin),
  ];
  check(
    'nginx: an assignment uploaded through A downloads through B (and through nginx, twice)',
    uploaded.status === 201 &&
      fromB.status === 200 &&
      fromB.body.equals(document) &&
      throughNginx.every((download) => download.status === 200 && download.body.equals(document)),
    `upload through A ${uploaded.status}; download through B ${fromB.status} (${fromB.body.length} of ${document.length} bytes); through nginx ${throughNginx.map((download) => download.status).join(', ')}`,
  );

  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  const set = await post(
    `${a}/api/admin/event/images/background`,
    site,
    admin,
    'photo.png',
    photo,
    'image/png',
  );
  const base = ((await set.json()) as { backgroundImage?: string }).backgroundImage ?? '';
  const event = (await (await fetch(`${b}/api/event`)).json()) as {
    backgroundImage: string | null;
    backgroundPlaceholder: string | null;
  };
  const [imageA, imageB] = [await get(`${a}${base}-640.webp`), await get(`${b}${base}-640.webp`)];
  check(
    'nginx: the event photo set through A shows through B',
    set.status === 200 &&
      event.backgroundImage === base &&
      event.backgroundPlaceholder?.startsWith('data:image/webp') === true &&
      imageB.status === 200 &&
      imageB.body.length > 0 &&
      imageB.body.equals(imageA.body),
    `set through A ${set.status}; B's event shows ${event.backgroundImage} (placeholder ${event.backgroundPlaceholder ? 'there' : 'missing'}); ${base}-640.webp from B ${imageB.status}`,
  );
}
