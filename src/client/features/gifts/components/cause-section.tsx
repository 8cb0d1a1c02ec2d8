import { useId, useState } from 'react';
import { MAX_IMAGE_BYTES } from '../../../../shared/event-settings/event-settings.ts';
import { type CauseSettings, CauseSettingsInputSchema } from '../../../../shared/gifts/gifts.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import {
  CheckboxField,
  Field,
  fileInputClass,
  inputClass,
  TextField,
} from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SettingsSection, useSettingsForm } from '../../../components/ui/settings-section.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { useCause, useCausePhoto, useSaveCause } from '../api/cause.ts';

const FIELDS = ['title', 'text', 'goalUsd', 'giftsOpen'] as const;

/** The event settings page's "The cause": what gifts are for, its goal, and whether gifts are taken. */
export function CauseSection() {
  const cause = useCause();
  return (
    <>
      {cause.isPending && <Loading label="Loading the cause…" />}
      <QueryError query={cause} />
      {cause.data && <CauseForm saved={cause.data} />}
    </>
  );
}

function CauseForm({ saved }: { saved: CauseSettings }) {
  const save = useSaveCause();
  const { field, register, formState, section } = useSettingsForm(CauseSettingsInputSchema, {
    defaultValues: {
      title: saved.title,
      text: saved.text,
      goalUsd: saved.goalUsd,
      giftsOpen: saved.giftsOpen,
    },
    save,
    fields: FIELDS,
    savedText: (now) =>
      now.giftsOpen
        ? 'Saved. Gifts are open: /Give takes them now.'
        : 'Saved. Gifts are closed: /Give says so and takes none.',
  });
  return (
    <SettingsSection
      id="cause"
      title="The cause"
      intro="What gifts go to. People give on /Give and pay by bank transfer or mobile money, quoting the gift’s own reference; a gift is kept apart from entry fees."
      saveLabel="Save the cause"
      after={<CausePhoto saved={saved} />}
      {...section}
    >
      <CheckboxField label="Take gifts (open /Give)" {...register('giftsOpen')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Title" hint="e.g. Borehole for Chitungwiza" {...field('title')} />
        <TextField
          label="Goal (USD)"
          hint="The progress bar on /Give fills towards it. 0 for no goal."
          inputMode="decimal"
          {...field('goalUsd')}
        />
      </div>
      <Field
        label="Short text"
        optional
        hint="A few sentences: who it helps and how."
        error={formState.errors.text?.message}
      >
        {(a11y) => <textarea {...a11y} {...register('text')} rows={4} className={inputClass} />}
      </Field>
    </SettingsSection>
  );
}

/** The cause's photo: shown on /Give above the text. Uploaded on its own, like the landing's photo. */
function CausePhoto({ saved }: { saved: CauseSettings }) {
  const photo = useCausePhoto();
  const inputId = useId();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();

  async function send(file: File | null) {
    setProblem(undefined);
    setDone(undefined);
    if (file && file.size > MAX_IMAGE_BYTES)
      return setProblem('That file is too large: choose one under 8 MB.');
    try {
      await photo.mutateAsync(file);
      setDone(file ? 'The photo is on /Give.' : 'The photo was taken off /Give.');
    } catch {
      // Shown below.
    }
  }

  const failure = problem ?? (photo.isError ? errorText(photo.error) : undefined);
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-stone-200 pt-5">
      <h3 className="text-lg font-semibold text-stone-900">Photo of the cause</h3>
      {saved.image ? (
        <img
          src={`${saved.image}-640.webp`}
          alt={saved.title || 'The cause, as shown on /Give'}
          className="aspect-video w-full max-w-sm rounded-lg object-cover"
        />
      ) : (
        <p className="text-stone-700">No photo yet: /Give shows the title and text alone.</p>
      )}
      <label htmlFor={inputId} className="font-medium text-stone-800">
        Choose a photo (JPEG, PNG or WebP)
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className={fileInputClass}
        disabled={photo.isPending}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void send(file);
          event.currentTarget.value = '';
        }}
      />
      {photo.isPending && <p aria-live="polite">Uploading…</p>}
      {saved.image && (
        <button
          type="button"
          className={`${secondaryButtonClass} self-start`}
          onClick={() => void send(null)}
        >
          Remove the photo
        </button>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      {done && <FormSuccess>{done}</FormSuccess>}
    </div>
  );
}
