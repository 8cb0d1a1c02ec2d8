import { rosterChanges } from './api/roster.ts';
import { sendWaitingCash, waitingCashOf } from './cash-queue.ts';
import {
  applyCashToRoster,
  applyChanges,
  applyEntryToRoster,
  applyTapToRoster,
  currentRoster,
  forgetRoster,
  isRosterOver,
} from './roster.ts';
import { deviceId } from './roster-store.ts';
import { sendWaiting, waitingTapsOf } from './tap-queue.ts';

const REFRESH_MS = 60_000;

type Refused = (message: string) => void;
/** The volunteer signed in: the account sends what it queued, its name marks its taps on the roster. */
type Volunteer = { id: string; name: string };

let syncing: Promise<boolean> | undefined;

/**
 * When the signal returns: the waiting taps and cash payments go first, then the roster takes the changes
 * since its time (never the whole list again), with what still waits on the phone shown over them. False
 * when the server could not be reached.
 */
export function syncRoster(volunteer: Volunteer, onRefused: Refused) {
  syncing ??= (async () => {
    try {
      await sendWaiting();
      for (const answer of await sendWaitingCash(volunteer.id)) {
        if (answer.kind === 'paid') await applyEntryToRoster(answer.entry);
        else onRefused(answer.message);
      }
      const roster = currentRoster();
      if (!roster) return true;
      if (isRosterOver(roster)) {
        await forgetRoster();
        return true;
      }
      const changes = await rosterChanges({
        since: roster.asOf,
        eventId: roster.eventId,
        deviceId: await deviceId(),
      });
      await applyChanges(changes);
      for (const tap of waitingTapsOf(volunteer.id)) {
        await applyTapToRoster(tap.registrationId, tap.action, volunteer.name, tap.at);
      }
      for (const payment of waitingCashOf(volunteer.id)) await applyCashToRoster(payment.registrationId);
      return true;
    } catch {
      // No signal yet: the next try is on the timer or when the browser says it is online.
      return false;
    } finally {
      syncing = undefined;
    }
  })();
  return syncing;
}

let stop: (() => void) | undefined;

/** While the check-in page is open: sync when the browser is online again and every minute; wipe at the day's end. */
export function keepRosterFresh(volunteer: Volunteer, onRefused: Refused, onSynced: () => void) {
  stop?.();
  const sync = () => {
    if (currentRoster()) {
      void syncRoster(volunteer, onRefused).then((done) => {
        if (done) onSynced();
      });
    }
  };
  const timer = setInterval(() => {
    const roster = currentRoster();
    if (roster && isRosterOver(roster)) void forgetRoster();
    else sync();
  }, REFRESH_MS);
  addEventListener('online', sync);
  stop = () => {
    clearInterval(timer);
    removeEventListener('online', sync);
  };
  return stop;
}
