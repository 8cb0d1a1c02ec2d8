import { type SQL, sql } from 'drizzle-orm';
import type { RunStatement, Transaction } from './client.ts';

/**
 * Written-out statements ($1… parameters) inside a Drizzle transaction, so a step written for
 * `DatabaseHandle.transaction` (the waitlist's offers) also runs where a feature holds a Drizzle one.
 */
export function statementsOn(tx: Transaction): RunStatement {
  return async <Row>(statement: { text: string }, params: unknown[]) => {
    const parts = statement.text.split(/\$(\d+)/);
    const chunks: SQL[] = parts.map((part, index) =>
      index % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`,
    );
    const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: Row[] };
    return result.rows;
  };
}
