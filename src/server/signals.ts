import type { Currency } from '../shared/participants/participants.ts';
import type { Transaction } from './db/client.ts';

/** A receiver runs inside the sender's transaction: what it throws rolls the sender's change back too. */
export type Receiver<T> = (tx: Transaction, payload: T) => Promise<void>;

/**
 * Something that happened to entries, for the features that react to it, so that the code that pays or frees
 * a place does not know who listens (pretix's signals). Receivers run one after another, in the order they
 * were connected (src/server/subscribers.ts), inside the sender's transaction.
 */
export class Signal<T> {
  readonly #receivers: Receiver<T>[] = [];

  connect(receiver: Receiver<T>) {
    this.#receivers.push(receiver);
  }

  async send(tx: Transaction, payload: T) {
    for (const receiver of this.#receivers) await receiver(tx, payload);
  }
}

/** Money an entry received: what its receipt states (the amount received, and what is still due after it). */
export interface EntryPaid {
  id: string;
  amount: string;
  currency: Currency;
  method: string;
  paidOn: string;
  /** The balance a part payment leaves (null: nothing is due). */
  stillDue: string | null;
}

/** A race may have a free place again: an entry left it (cancelled or moved), or it was made larger. */
export interface PlaceFreed {
  raceId: string;
}

export interface Signals {
  /** Entries were paid (in full or in part), by any way of paying: sent once per payment recorded. */
  entryPaid: Signal<EntryPaid[]>;
  placeFreed: Signal<PlaceFreed>;
}

export const createSignals = (): Signals => ({ entryPaid: new Signal(), placeFreed: new Signal() });
