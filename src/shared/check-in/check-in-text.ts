// No zod here: the check-in page shows these without loading any validation (its weight budget).
import type { CheckInAction, CheckInEntry } from './check-in.ts';

/** "07:41", Harare's clock, for an ISO instant. */
export function harareTime(iso: string) {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Harare',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

const DONE_PHRASES: Record<CheckInAction, string> = {
  'check-in': 'Already checked in',
  'undo-check-in': 'Check-in already undone',
  'tshirt-collected': 'T-shirt already collected',
  'undo-tshirt-collected': 'T-shirt collection already undone',
};

/** What the volunteer is told when the tap found it done: "Already checked in at 07:41 by Rudo". */
export function alreadyText(action: CheckInAction, entry: CheckInEntry) {
  const done =
    action === 'check-in' ? entry.checkedIn : action === 'tshirt-collected' ? entry.tshirtCollected : null;
  return done ? `${DONE_PHRASES[action]} at ${harareTime(done.at)} by ${done.by}` : DONE_PHRASES[action];
}
