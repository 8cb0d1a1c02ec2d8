import { useState } from 'react';
import type { PersonListRow } from '../../../../shared/people/people.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useSetManEnded } from '../api/change-person.ts';

/** "Left on 21/11/26" or "Graduated on 21/11/26"; nothing while he is in the programme. */
export function endedText(person: Pick<PersonListRow, 'endedAt' | 'endedAs'>) {
  if (!person.endedAt || !person.endedAs) return undefined;
  return `${person.endedAs === 'left' ? 'Left' : 'Graduated'} on ${formatDate(person.endedAt)}`;
}

const QUESTIONS = {
  left: {
    title: 'Mark as left?',
    confirm: 'Mark as left',
    text: 'He is no longer in the programme. His records are deleted after the days set in Event settings, unless he comes back.',
  },
  graduated: {
    title: 'Mark as graduated?',
    confirm: 'Mark as graduated',
    text: 'He has finished the programme. His records are deleted after the days set in Event settings, unless he comes back.',
  },
  back: {
    title: 'Back in the programme?',
    confirm: 'Back in the programme',
    text: 'He is in the programme again, and his records are kept.',
  },
} as const;

/** In the Manage dialog of a man: whether he is still in the programme, and the buttons that change it. */
export function ProgrammeEnd({ person }: { person: PersonListRow }) {
  const change = useSetManEnded();
  const [shown, setShown] = useState(person);
  const [asked, setAsked] = useState<'left' | 'graduated' | 'back'>();
  const ended = endedText(shown);
  async function confirm() {
    if (asked === undefined) return;
    try {
      setShown(await change.mutateAsync({ id: person.id, endedAs: asked === 'back' ? null : asked }));
      setAsked(undefined);
    } catch {
      // Shown in the confirmation.
    }
  }
  const question = asked === undefined ? undefined : QUESTIONS[asked];
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium text-stone-800" role="status">
        {ended ?? 'In the programme'}
      </p>
      <div className="flex flex-wrap gap-2">
        {ended ? (
          <button type="button" className={rowButtonClass} onClick={() => setAsked('back')}>
            Back in the programme
          </button>
        ) : (
          <>
            <button type="button" className={rowButtonClass} onClick={() => setAsked('left')}>
              Mark as left
            </button>
            <button type="button" className={rowButtonClass} onClick={() => setAsked('graduated')}>
              Mark as graduated
            </button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={question !== undefined}
        title={question?.title ?? ''}
        confirmLabel={question?.confirm ?? ''}
        busy={change.isPending}
        failure={change.error}
        onConfirm={confirm}
        onCancel={() => {
          change.reset();
          setAsked(undefined);
        }}
      >
        <p>{question?.text}</p>
      </ConfirmDialog>
    </div>
  );
}
