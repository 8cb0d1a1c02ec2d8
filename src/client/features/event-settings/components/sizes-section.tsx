import { type FormEvent, useId, useRef, useState } from 'react';
import * as z from 'zod/mini';
import {
  type EventSettings,
  EventSettingsInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { DISCIPLINES, type Discipline } from '../../../../shared/events/event-display.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { type Outcome, SettingsSection } from '../../../components/ui/settings-section.tsx';
import { useReportUnsaved } from '../../../components/ui/unsaved-changes.tsx';
import { ApiError } from '../../../lib/api.ts';
import { inputOf, useSaveEventSettings } from '../api/event-settings.ts';

const SizesSchema = z.pick(EventSettingsInputSchema, { tshirtSizes: true });
const TITLES: Record<Discipline, string> = { run: 'Runner sizes', cycle: 'Cyclist sizes' };
const WHO: Record<Discipline, string> = { run: 'Runner', cycle: 'Cyclist' };

interface Size {
  key: number;
  value: string;
}
type Lists = Record<Discipline, Size[]>;
type Errors = Partial<Record<string, string>>;

let nextKey = 1;
const valuesOf = (lists: Lists) => JSON.stringify([lists.run, lists.cycle].map((l) => l.map((s) => s.value)));

const listsOf = (settings: EventSettings): Lists => ({
  run: settings.tshirtSizes.run.map((value) => ({ key: nextKey++, value })),
  cycle: settings.tshirtSizes.cycle.map((value) => ({ key: nextKey++, value })),
});

/** Errors the contract finds, plus a size listed twice; keyed "run.2" like the server's paths. */
function check(lists: Lists): Errors {
  const errors: Errors = {};
  const parsed = SizesSchema.safeParse({
    tshirtSizes: { run: lists.run.map((s) => s.value), cycle: lists.cycle.map((s) => s.value) },
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.slice(1).join('.');
      errors[key] ??= issue.message;
    }
  }
  for (const discipline of DISCIPLINES) {
    const seen = new Set<string>();
    lists[discipline].forEach((size, index) => {
      const name = size.value.trim().toLowerCase();
      if (name && seen.has(name)) errors[`${discipline}.${index}`] ??= `${size.value.trim()} is listed twice`;
      seen.add(name);
    });
  }
  return errors;
}

/** T-shirt sizes per discipline, in the order the forms offer them: add, remove, move up and down. */
export function SizesSection({ settings }: { settings: EventSettings }) {
  const save = useSaveEventSettings();
  const [lists, setLists] = useState(() => listsOf(settings));
  const [saved, setSaved] = useState(() => valuesOf(lists));
  useReportUnsaved(valuesOf(lists) !== saved);
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const inputs = useRef(new Map<number, HTMLInputElement>());

  function change(discipline: Discipline, next: Size[], focusKey?: number) {
    setLists((current) => ({ ...current, [discipline]: next }));
    if (Object.keys(errors).length) setErrors(check({ ...lists, [discipline]: next }));
    if (focusKey !== undefined) requestAnimationFrame(() => inputs.current.get(focusKey)?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(undefined);
    const found = check(lists);
    setErrors(found);
    if (Object.keys(found).length) {
      setOutcome({ kind: 'failed', text: 'Please check the sizes marked above.' });
      return;
    }
    try {
      const tshirtSizes = {
        run: lists.run.map((s) => s.value.trim()),
        cycle: lists.cycle.map((s) => s.value.trim()),
      };
      const saved = await save.mutateAsync({ ...inputOf(settings), tshirtSizes });
      const savedLists = listsOf(saved);
      setLists(savedLists);
      setSaved(valuesOf(savedLists));
      setOutcome({
        kind: 'saved',
        text: 'The T-shirt sizes were saved. The registration forms offer them now.',
      });
    } catch (error) {
      const fieldErrors: Errors = {};
      if (error instanceof ApiError) {
        for (const e of error.errors) fieldErrors[e.path.replace(/^tshirtSizes\./, '')] = e.message;
      }
      setErrors(fieldErrors);
      setOutcome({ kind: 'failed', text: errorText(error) });
    }
  }

  return (
    <SettingsSection
      id="sizes"
      title="T-shirt sizes"
      intro="The sizes each form offers, in this order. An entry keeps the size it chose if that size is removed."
      onSubmit={onSubmit}
      saving={save.isPending}
      saveLabel="Save T-shirt sizes"
      outcome={outcome}
    >
      <div className="grid gap-5 md:grid-cols-2">
        {DISCIPLINES.map((discipline) => (
          <SizeList
            key={discipline}
            discipline={discipline}
            sizes={lists[discipline]}
            errors={errors}
            inputs={inputs.current}
            onChange={(next, focusKey) => change(discipline, next, focusKey)}
          />
        ))}
      </div>
    </SettingsSection>
  );
}

function SizeList({
  discipline,
  sizes,
  errors,
  inputs,
  onChange,
}: {
  discipline: Discipline;
  sizes: Size[];
  errors: Errors;
  inputs: Map<number, HTMLInputElement>;
  onChange: (next: Size[], focusKey?: number) => void;
}) {
  const baseId = useId();
  const listError = errors[discipline];
  const move = (index: number, by: -1 | 1) => {
    const next = [...sizes];
    const [size] = next.splice(index, 1);
    if (!size) return;
    next.splice(index + by, 0, size);
    onChange(next, size.key);
  };
  return (
    <fieldset className="flex flex-col gap-2 sm:rounded-lg sm:border sm:border-stone-200 sm:p-4">
      <legend className="mb-1 font-semibold text-stone-900 sm:mb-0 sm:px-1">{TITLES[discipline]}</legend>
      <ol className="flex flex-col gap-2">
        {sizes.map((size, index) => {
          const id = `${baseId}-${size.key}`;
          const error = errors[`${discipline}.${index}`];
          const name = size.value.trim() || `size ${index + 1}`;
          return (
            <li key={size.key} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <label htmlFor={id} className="w-12 shrink-0 text-sm font-medium text-stone-700">
                  Size {index + 1}
                </label>
                <input
                  id={id}
                  ref={(element) => {
                    if (element) inputs.set(size.key, element);
                    else inputs.delete(size.key);
                  }}
                  value={size.value}
                  onChange={(event) =>
                    onChange(sizes.map((s) => (s.key === size.key ? { ...s, value: event.target.value } : s)))
                  }
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  autoComplete="off"
                  className={`${inputClass} min-w-0`}
                />
                <button
                  type="button"
                  className={rowButtonClass}
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className={rowButtonClass}
                  aria-label={`Move ${name} down`}
                  disabled={index === sizes.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  className={rowButtonClass}
                  aria-label={`Remove ${name}`}
                  onClick={() => {
                    const neighbour = sizes[index + 1] ?? sizes[index - 1];
                    onChange(
                      sizes.filter((s) => s.key !== size.key),
                      neighbour?.key,
                    );
                  }}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </div>
              {error && (
                <p id={`${id}-error`} className="pl-14 text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {listError}
        </p>
      )}
      <button
        type="button"
        className={`${rowButtonClass} self-start`}
        onClick={() => {
          const added = { key: nextKey++, value: '' };
          onChange([...sizes, added], added.key);
        }}
      >
        Add a {WHO[discipline].toLowerCase()} size
      </button>
    </fieldset>
  );
}
