import type { Edition } from '../../../../shared/event-settings/event-settings.ts';
import { SelectField } from '../../../components/ui/field.tsx';
import { formatDate } from '../../../lib/dates.ts';

/** Which edition's entries the list and the downloads hold: the current one unless another is chosen. */
export function EditionPicker({
  editions,
  value,
  onChange,
}: {
  editions: Edition[];
  value: string | undefined;
  onChange: (edition: string | undefined) => void;
}) {
  return (
    <div className="mb-4 sm:max-w-xs">
      <SelectField
        label="Edition"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        {editions.map((edition) => (
          <option key={edition.id} value={edition.current ? '' : edition.id}>
            {edition.year} {edition.current ? '(current)' : '(archived)'}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** Said above an earlier edition's list: it is there to read and download. */
export function ArchivedNotice({ edition }: { edition: Edition }) {
  return (
    <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-stone-800">
      The {edition.year} edition was archived
      {edition.archivedAt ? ` on ${formatDate(edition.archivedAt)}` : ''}: its {edition.entries}{' '}
      {edition.entries === 1 ? 'entry' : 'entries'} can be read and downloaded, not changed.
    </p>
  );
}
