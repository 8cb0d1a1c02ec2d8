import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { WalkUpResult } from '../../../../shared/check-in/walk-up.ts';
import type { PublicEvent } from '../../../../shared/events/event.ts';
import { DISCIPLINE_LABELS, DISCIPLINES, type Discipline } from '../../../../shared/events/event-display.ts';
import type { RegistrationAnswer, RegistrationData } from '../../../../shared/registrations/registration.ts';
import { ErrorMessage, Loading } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useEvent } from '../../events/index.ts';
import { RegistrationForm } from '../../registrations/index.ts';
import { sendWalkUp } from '../api/walk-ups.ts';
import { deviceId } from '../roster-store.ts';
import { keepWalkUp, provisionalBib } from '../walk-up-queue.ts';

/** How the volunteer takes the fee: cash in either currency, a mobile-money prompt after, or not yet. */
export type FeeChoice = 'cash-USD' | 'cash-ZWG' | 'prompt' | 'unpaid';

/** What the table is shown once the form is sent: registered (or a clash) at once, or kept on the phone. */
export type WalkUpDone =
  | { kind: 'sent'; result: WalkUpResult; name: string; fee: FeeChoice }
  | {
      kind: 'kept';
      key: string;
      name: string;
      race: string;
      bib: number | null;
      cash: 'USD' | 'ZWG' | null;
      promptWanted: boolean;
    };

const FEE_LABELS: Record<FeeChoice, string> = {
  'cash-USD': 'Cash (USD)',
  'cash-ZWG': 'Cash (ZWG)',
  prompt: 'Mobile money prompt',
  unpaid: 'Not paid yet',
};

const online = () => typeof navigator === 'undefined' || navigator.onLine;
const onOnlineChange = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
/** Whether the browser says it has a connection, as it changes. */
const useOnline = () => useSyncExternalStore(onOnlineChange, online, () => true);

const EVENT_KEY = 'celebration.check-in.event';

/** The event as the form last loaded it on this phone (nothing personal: races, fees, sizes). */
function keptEvent(): PublicEvent | undefined {
  try {
    const stored = localStorage.getItem(EVENT_KEY);
    return stored ? (JSON.parse(stored) as PublicEvent) : undefined;
  } catch {
    return undefined;
  }
}

function keepEvent(event: PublicEvent) {
  try {
    localStorage.setItem(EVENT_KEY, JSON.stringify(event));
  } catch {
    // Storage refused: the form then needs signal to open.
  }
}

/** The key a walk-up that could not reach the server is kept under (see below). */
const offlineKey = (key: string) => `${key.slice(0, 60)}-o`;

/**
 * "New entry" at the check-in table (issue 37): the public form's fields and rules, filled in with the
 * entrant on the volunteer's phone, and how the fee is paid. Sent at once when the phone has signal; kept on
 * the phone with a provisional bib from its block otherwise.
 */
export function WalkUpEntry({
  accountId,
  onDone,
}: {
  accountId: string;
  onDone: (done: WalkUpDone) => void;
}) {
  const { data: loaded, isPending, isError, refetch } = useEvent();
  const [kept] = useState(keptEvent);
  const [discipline, setDiscipline] = useState<Discipline>('run');
  const [fee, setFee] = useState<FeeChoice | ''>('');
  const feeRef = useRef(fee);
  feeRef.current = fee;
  const done = useRef<WalkUpDone>(undefined);
  const signal = useOnline();
  useEffect(() => {
    if (loaded) keepEvent(loaded);
  }, [loaded]);
  // Without signal (the page reopened offline) the form is the one last loaded on this phone.
  const event = loaded ?? (!signal || isError ? kept : undefined);

  if (!event && isPending && signal) return <Loading label="Loading the form…" />;
  if (!event) {
    return (
      <ErrorMessage onRetry={() => refetch()}>
        The form could not be loaded. Check your connection.
      </ErrorMessage>
    );
  }
  // Walk-ups are taken after the closing time too; without signal a race the phone last saw full is offered,
  // as the server registers it anyway (marked so for the admin).
  const atTable: PublicEvent = {
    ...event,
    registrationOpen: true,
    races: signal ? event.races : event.races.map((race) => ({ ...race, full: false })),
  };

  const submit = async (data: RegistrationData, key: string) => {
    const chosen = feeRef.current;
    if (!chosen) throw new ApiError(400, 'Choose how the fee is paid, above the form.');
    const cash = chosen === 'cash-USD' ? ('USD' as const) : chosen === 'cash-ZWG' ? ('ZWG' as const) : null;
    const name = `${data.firstName} ${data.lastName}`;
    const race = `${DISCIPLINE_LABELS[data.discipline]} ${data.raceType}`;
    const phone = await deviceId().catch(() => undefined);
    const base = {
      idempotencyKey: key,
      entrant: data,
      cash,
      at: new Date().toISOString(),
      ...(phone ? { deviceId: phone } : {}),
    };
    if (online()) {
      try {
        const result = await sendWalkUp({ ...base, offline: false, provisionalBib: null });
        done.current = { kind: 'sent', result, name, fee: chosen };
        return answered(result);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 0) throw error;
        // It may have reached the server after all: kept under its own key, it is then found a clash, never twice.
        base.idempotencyKey = offlineKey(key);
      }
    }
    const bib = await provisionalBib(data.discipline, data.raceType);
    await keepWalkUp({ walkUp: { ...base, offline: true, provisionalBib: bib }, by: accountId, name, race });
    done.current = {
      kind: 'kept',
      key: base.idempotencyKey,
      name,
      race,
      bib,
      cash,
      promptWanted: chosen === 'prompt',
    };
    return answered(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <legend className="mb-2 font-medium text-stone-800">Registering as</legend>
        {DISCIPLINES.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-lg">
            <input
              type="radio"
              name="walk-up-discipline"
              value={value}
              checked={discipline === value}
              onChange={() => setDiscipline(value)}
              className="size-5 accent-brand-700"
            />
            {DISCIPLINE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1 rounded-xl border border-stone-300 bg-white p-4">
        <legend className="px-1 font-medium text-stone-800">How the fee is paid</legend>
        <p className="text-sm text-stone-700">
          The race’s fee is shown beside each race in the form. Without signal, take cash or choose “Not paid
          yet”.
        </p>
        {(Object.keys(FEE_LABELS) as FeeChoice[]).map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-3 text-lg">
            <input
              type="radio"
              name="walk-up-fee"
              value={choice}
              checked={fee === choice}
              disabled={choice === 'prompt' && !signal}
              onChange={() => setFee(choice)}
              className="size-5 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block">{FEE_LABELS[choice]}</span>
              {choice === 'prompt' && (
                <span className="block text-sm text-stone-600">
                  {signal
                    ? 'EcoCash or OneMoney on the entrant’s phone, once registered'
                    : 'Needs signal: take cash, or leave it unpaid'}
                </span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <RegistrationForm
        event={atTable}
        discipline={discipline}
        submit={submit}
        onBehalf
        onRegistered={() => {
          setFee('');
          if (done.current) onDone(done.current);
        }}
      />
    </div>
  );
}

/**
 * The form wants a registration's answer to clear itself for the next person; the table shows its own card
 * (from `done`), so this answer is a stand-in.
 */
function answered(result: WalkUpResult | null): RegistrationAnswer {
  return {
    reference: result?.entry?.reference ?? result?.clashWith ?? '',
    discipline: result?.entry?.discipline ?? 'run',
    raceType: result?.entry?.race ?? '',
    feeUsd: null,
    feeZwg: null,
  } as RegistrationAnswer;
}
