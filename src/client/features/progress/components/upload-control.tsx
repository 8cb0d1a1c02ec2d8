import { useId, useRef, useState } from 'react';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_EXTENSIONS,
  UPLOAD_LIMITS,
} from '../../../../shared/progress/progress-rules.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { useSetMyProgress } from '../api/my-progress.ts';
import { uploadDocument } from '../api/upload-document.ts';
import { formatSize } from '../format.ts';

export const UPLOAD_SUCCESS = 'Document uploaded successfully!';
const MAX_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** What is wrong with a chosen file before it is sent (the server checks the content again). */
export function fileProblem(file: File | undefined): string | undefined {
  if (!file) return 'Choose a document first.';
  // The server refuses these names too; said here, nothing is sent for nothing.
  if (/\p{Cc}/u.test(file.name)) {
    return `The name “${file.name}” contains a control character. Rename the file and choose it again.`;
  }
  if ([...file.name].length > UPLOAD_LIMITS.fileNameLength) {
    return `The file name is longer than ${UPLOAD_LIMITS.fileNameLength} characters. Give the file a shorter name and choose it again.`;
  }
  const name = file.name.toLowerCase();
  if (!UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return `“${file.name}” is not a PDF or Word document. Choose a .pdf, .doc or .docx file.`;
  }
  if (file.size === 0) return `“${file.name}” is empty. Choose the document again.`;
  if (file.size > MAX_UPLOAD_BYTES) {
    return `“${file.name}” is ${formatSize(file.size)}. Documents may be at most ${MAX_MB} MB.`;
  }
  return undefined;
}

type UploadState =
  | { step: 'idle' }
  /** `fraction` stays undefined until the browser first reports bytes sent. */
  | { step: 'sending'; fraction?: number; fileName: string }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; message: string };

/**
 * Choose a document and Upload: the file's type and size are checked here first, then it is sent with a
 * progress bar. On success his progress (status, current file, history) comes back from the server.
 */
export function UploadControl({ assignmentId, title }: { assignmentId: string; title: string }) {
  const input = useRef<HTMLInputElement>(null);
  const progressId = useId();
  const [chosen, setChosen] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const setProgress = useSetMyProgress();
  const sending = state.step === 'sending';

  async function send() {
    const file = chosen ?? input.current?.files?.[0];
    const wrong = fileProblem(file);
    setProblem(wrong);
    if (wrong || !file || sending) {
      if (wrong) input.current?.focus();
      return;
    }
    setState({ step: 'sending', fileName: file.name });
    try {
      const progress = await uploadDocument(assignmentId, file, (fraction) =>
        setState((now) => (now.step === 'sending' ? { ...now, fraction } : now)),
      );
      setProgress(progress);
      setChosen(undefined);
      if (input.current) input.current.value = '';
      setState({ step: 'done', fileName: file.name });
    } catch (error) {
      setState({ step: 'failed', message: errorText(error) });
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <Field
        label={`Document for ${title}`}
        hint={`A .pdf, .doc or .docx file, at most ${MAX_MB} MB. Your last ${UPLOAD_LIMITS.versionsKept} versions are kept.`}
        error={problem}
      >
        {(a11y) => (
          <input
            {...a11y}
            ref={input}
            type="file"
            accept={UPLOAD_EXTENSIONS.join(',')}
            disabled={sending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              setChosen(file);
              setProblem(file ? fileProblem(file) : undefined);
              setState({ step: 'idle' });
            }}
            className={`${inputClass} cursor-pointer py-1.5 file:mr-3 file:min-h-9 file:cursor-pointer file:rounded-md file:border-0 file:bg-stone-200 file:px-3 file:font-semibold file:text-stone-900 hover:file:bg-stone-300`}
          />
        )}
      </Field>
      <div>
        <button type="button" className={buttonClass} onClick={send} disabled={sending}>
          {sending ? 'Uploading…' : 'Upload'}
        </button>
      </div>
      {state.step === 'sending' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={progressId} className="text-sm text-stone-700">
            {state.fraction === undefined
              ? `Uploading ${state.fileName}…`
              : state.fraction < 1
                ? `Uploading ${state.fileName}: ${Math.round(state.fraction * 100)}%`
                : `Uploaded ${state.fileName}; checking the document…`}
          </label>
          <progress
            id={progressId}
            max={1}
            value={state.fraction}
            className="h-3 w-full overflow-hidden rounded-full indeterminate:animate-pulse [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-brand-700 [&:indeterminate::-webkit-progress-bar]:bg-brand-600/50"
          />
        </div>
      )}
      <div aria-live="polite" className="empty:hidden">
        {state.step === 'done' && (
          <FormSuccess>
            <p className="font-semibold">{UPLOAD_SUCCESS}</p>
            <p className="text-sm">{state.fileName} is your current document for this assignment.</p>
          </FormSuccess>
        )}
      </div>
      {state.step === 'failed' && (
        <FormAlert>
          <p>{state.message}</p>
          <p className="mt-1 text-sm font-normal">Nothing was saved; your current document is unchanged.</p>
        </FormAlert>
      )}
    </div>
  );
}
