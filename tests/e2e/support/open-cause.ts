import { expect } from '@playwright/test';
import type { adminApi } from './progress.ts';

/** The cause the gift journeys give to (issue 43). */
export const CAUSE = 'the Borehole';

/**
 * Opens gifts to the cause, as every gift journey does, with the same values: safe to call from journeys
 * running side by side on one database. It is never closed afterwards, so a journey running beside never
 * finds it closed under it.
 */
export async function openCause(api: Awaited<ReturnType<typeof adminApi>>) {
  const opened = await api.put('/api/admin/cause', {
    data: { title: CAUSE, text: 'Clean water.', goalUsd: '1000', giftsOpen: true },
  });
  expect(opened.status()).toBe(200);
}
