import type { FirstEdition } from '../../src/server/db/seed/events.ts';

/**
 * The edition the tests start from: the product's first, 2025 (references CFR25-…), published, so the public
 * pages take registrations. A fresh install's own (this year's, a draft) has tests of its own.
 */
export const TEST_EDITION: FirstEdition = { year: 2025, published: true };
