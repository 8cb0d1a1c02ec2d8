import type { ParticipantDetail } from '../../../../shared/participants/participants.ts';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { useEventSettings } from '../../event-settings/index.ts';
import { EntryEditForm } from '../../registrations/index.ts';
import { useEditParticipant } from '../api/participant.ts';

/** An admin's correction of one entry, with the event's races (a full one only if it is the entry's own). */
export function EditEntryForm({
  entry,
  onCancel,
  onSaved,
}: {
  entry: ParticipantDetail;
  onCancel: () => void;
  /** `changed` is false when the entry already had these values. */
  onSaved: (changed: boolean) => void;
}) {
  const settings = useEventSettings();
  const edit = useEditParticipant();
  if (settings.isPending) return <Loading label="Loading the races…" />;
  if (settings.isError) {
    return <QueryError query={settings} />;
  }
  const races = settings.data.races.filter((race) => race.discipline === entry.discipline);
  return (
    <EntryEditForm
      entry={entry}
      races={races.map((race) => ({
        label: race.label,
        // The entry's own race has its place already, however full it is.
        full: race.label !== entry.raceType && race.capacity !== null && race.taken >= race.capacity,
      }))}
      sizes={settings.data.tshirtSizes[entry.discipline]}
      onBehalf
      save={async (body) => {
        const saved = await edit.mutateAsync({ id: entry.id, body });
        return saved.history.length > entry.history.length;
      }}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}
