import { query } from './database.ts';

/** The one cause every gift journey gives to. */
export const CAUSE = {
  title: 'the Borehole',
  text: 'Clean water for 400 families.',
  goalUsd: '1000.00',
} as const;

/**
 * Opens gifts to CAUSE, and nothing ever closes them again: journeys that run side by side on one database
 * (and every journey after them) all see the same open cause, so none closes gifts under another one's feet
 * while it is giving. Idempotent; a journey that must see gifts closed does so where no one else can (the
 * closed /Give page is checked in the API tests, src/server/features/pages/give-page.test.ts).
 */
export async function openTheCause() {
  await query(
    `update events set cause_title = $1, cause_text = $2, cause_goal_usd = $3::numeric, gifts_open = true
      where is_current`,
    [CAUSE.title, CAUSE.text, CAUSE.goalUsd],
  );
}
