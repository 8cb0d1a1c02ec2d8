import type { AppContext } from './context.ts';
import { statementsOn } from './db/statements-on.ts';
import { issueReceipts } from './features/receipts/service.ts';
import { offerFreedPlaces } from './features/waitlist/service.ts';

/** Who reacts to what, in this order: receipts before the waitlist. */
export function connectSubscribers({ signals, links }: AppContext) {
  signals.entryPaid.connect((tx, payments) => issueReceipts(tx, payments, links));
  signals.placeFreed.connect(async (tx, { raceId }) => {
    await offerFreedPlaces(statementsOn(tx), raceId, links);
  });
}
