import { useState } from 'react';
import { formatShortDate } from '../../../../shared/dates.ts';
import type { ManProgress } from '../../../../shared/progress/progress.ts';
import {
  ATTENDANCE_LABELS,
  SESSION_STATE_LABELS,
  sessionStateFor,
} from '../../../../shared/progress/progress-rules.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { useRegisterForSession } from '../api/my-progress.ts';

type MySession = ManProgress['sessions'][number];

const ATTENDANCE_TONES = { present: 'good', late: 'warn', excused: 'plain', absent: 'bad' } as const;

/** The Workout Session list: name, date, time and place, and one state each (his attendance, Registered, Register or Not Active). */
export function SessionList({ sessions }: { sessions: MySession[] }) {
  const register = useRegisterForSession();
  const [failed, setFailed] = useState<{ id: string; message: string }>();

  async function registerFor(session: MySession) {
    setFailed(undefined);
    try {
      await register.mutateAsync(session.id);
    } catch (error) {
      setFailed({ id: session.id, message: `${session.name}: ${errorText(error)}` });
    }
  }

  if (sessions.length === 0) return <p className="text-stone-700">No workout sessions are planned yet.</p>;
  return (
    <ul className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      {sessions.map((session) => {
        const busy = register.isPending && register.variables === session.id;
        return (
          <li key={session.id} className="flex flex-col gap-2 px-4 py-3">
            <div className="grid grid-cols-[1fr_auto] items-center gap-x-3">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{session.name}</p>
                <p className="text-sm text-stone-700">
                  <time dateTime={session.heldOn}>{formatShortDate(session.heldOn)}</time>
                  {session.startTime && (
                    <>
                      {' · '}
                      <time dateTime={`${session.heldOn}T${session.startTime}+02:00`}>
                        {session.startTime}
                      </time>
                    </>
                  )}
                </p>
                {session.place && <p className="text-sm text-stone-700">{session.place}</p>}
              </div>
              <SessionState session={session} busy={busy} onRegister={() => registerFor(session)} />
            </div>
            {failed?.id === session.id && <FormAlert>{failed.message}</FormAlert>}
          </li>
        );
      })}
    </ul>
  );
}

function SessionState({
  session,
  busy,
  onRegister,
}: {
  session: MySession;
  busy: boolean;
  onRegister: () => void;
}) {
  const shown = sessionStateFor(session);
  switch (shown.kind) {
    case 'attended':
      return <Badge tone={ATTENDANCE_TONES[shown.attendance]}>{ATTENDANCE_LABELS[shown.attendance]}</Badge>;
    case 'registered':
      return <Badge tone="good">Registered</Badge>;
    case 'register':
      return (
        <button
          type="button"
          className={`${buttonClass} min-h-10 px-4 py-1.5 text-sm`}
          aria-label={`Register for ${session.name}`}
          disabled={busy}
          onClick={onRegister}
        >
          {busy ? 'Registering…' : SESSION_STATE_LABELS.open}
        </button>
      );
    case 'notActive':
      return <Badge tone="plain">{SESSION_STATE_LABELS.inactive}</Badge>;
  }
}
