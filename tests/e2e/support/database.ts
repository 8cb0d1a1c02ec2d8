import pg from 'pg';

/** Direct reads of the e2e database, to check what a journey stored. */
export async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A name no earlier run used, so journeys never collide with old data. */
export const uniqueName = (base: string) =>
  `${base}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
