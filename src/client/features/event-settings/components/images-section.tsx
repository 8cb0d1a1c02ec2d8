import { useEffect, useId, useState } from 'react';
import { type EventSettings, MAX_IMAGE_BYTES } from '../../../../shared/event-settings/event-settings.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { type ImageKind, useUploadImage } from '../api/event-settings.ts';

const COPY: Record<ImageKind, { title: string; what: string; intro: string; label: string; done: string }> = {
  background: {
    title: 'Background photo',
    what: 'photo',
    intro: 'Behind the landing page’s title. A wide photo (landscape) works best; it is resized for phones.',
    label: 'Choose a new photo',
    done: 'The new photo is on the landing page.',
  },
  logo: {
    title: 'Logo',
    what: 'logo',
    intro: 'Shown in a circle on the landing page. A square image works best.',
    label: 'Choose a new logo',
    done: 'The new logo is on the landing page.',
  },
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Where the image shown now comes from (the built-in ones until an admin uploads one). */
const currentImage = (kind: ImageKind, settings: EventSettings) =>
  kind === 'background'
    ? `${settings.backgroundImage ?? '/images/hero'}-640.webp`
    : (settings.logoImage ?? '/logo.svg');

export function ImagesSection({ settings }: { settings: EventSettings }) {
  const headingId = useId();
  return (
    <section
      id="images"
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        Photo and logo
      </h2>
      <p className="mt-1 text-stone-700">
        JPEG, PNG or WebP, at most {megabytes(MAX_IMAGE_BYTES)}. An upload replaces the image on the landing
        page at once.
      </p>
      <div className="mt-5 grid gap-6 md:grid-cols-2">
        <ImageUpload kind="background" settings={settings} />
        <ImageUpload kind="logo" settings={settings} />
      </div>
    </section>
  );
}

function ImageUpload({ kind, settings }: { kind: ImageKind; settings: EventSettings }) {
  const copy = COPY[kind];
  const upload = useUploadImage(kind);
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [progress, setProgress] = useState(0);
  const [done, setDone] = useState(false);

  // The chosen file's preview lives as long as it is chosen.
  useEffect(() => {
    if (!file) return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(chosen: File | undefined) {
    setDone(false);
    upload.reset();
    setProblem(undefined);
    if (!chosen) return setFile(undefined);
    if (!chosen.type.startsWith('image/')) {
      setFile(undefined);
      return setProblem(`${chosen.name} is not an image. Choose a JPEG, PNG or WebP file.`);
    }
    if (chosen.size > MAX_IMAGE_BYTES) {
      setFile(undefined);
      return setProblem(
        `${chosen.name} is ${megabytes(chosen.size)}; the most is ${megabytes(MAX_IMAGE_BYTES)}. Choose a smaller file.`,
      );
    }
    setFile(chosen);
  }

  async function send() {
    if (!file || upload.isPending) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      setDone(true);
      setFile(undefined);
    } catch {
      // Shown below.
    }
  }

  const shown = preview ?? currentImage(kind, settings);
  const failure = problem ?? (upload.isError ? errorText(upload.error) : undefined);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold text-stone-900">{copy.title}</h3>
      <p className="text-sm text-stone-700">{copy.intro}</p>
      <figure className="flex flex-col gap-1">
        <img
          src={shown}
          alt={
            preview
              ? `Preview of the chosen ${copy.what}`
              : kind === 'background'
                ? `The photo now: ${settings.backgroundAlt}`
                : 'The logo now'
          }
          className={
            kind === 'background'
              ? 'aspect-video w-full rounded-lg bg-stone-200 object-cover'
              : 'size-32 rounded-full border border-stone-200 bg-white object-contain p-1'
          }
        />
        <figcaption className="text-sm text-stone-600">
          {preview ? `Preview: ${file?.name} (not uploaded yet)` : `The ${copy.what} shown now`}
        </figcaption>
      </figure>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="font-medium text-stone-800">
          {copy.label}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={hintId}
          aria-invalid={Boolean(problem)}
          disabled={upload.isPending}
          onChange={(event) => choose(event.target.files?.[0])}
          className="block w-full text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-400 file:bg-white file:px-4 file:font-semibold file:text-stone-900 hover:file:bg-stone-100"
        />
        <p id={hintId} className="text-sm text-stone-600">
          At most {megabytes(MAX_IMAGE_BYTES)}.
        </p>
      </div>
      {upload.isPending && (
        <div className="flex items-center gap-3" role="status">
          <progress
            value={progress}
            max={1}
            className="h-2 w-full accent-brand-700"
            aria-label="Upload progress"
          />
          <span className="shrink-0 text-sm tabular-nums text-stone-700">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Resizing…'}
          </span>
        </div>
      )}
      <div aria-live="polite" className="empty:hidden">
        {done && <FormSuccess>{copy.done}</FormSuccess>}
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <button
        type="button"
        className={`${buttonClass} self-start`}
        disabled={!file || upload.isPending}
        onClick={send}
      >
        {upload.isPending ? 'Uploading…' : `Upload ${copy.what}`}
      </button>
    </div>
  );
}
