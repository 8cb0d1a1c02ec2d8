import { useEffect, useRef } from 'react';

const storageKey = (key: string) => `celebration:draft:${key}`;

/** Storage may be refused (private browsing, full): the form still works, it is just not kept. */
function tryStorage<T>(use: () => T): T | undefined {
  try {
    return use();
  } catch {
    return undefined;
  }
}

/**
 * What was typed into a form, kept for this tab only (sessionStorage), so that someone who leaves the
 * page and comes back with the browser's Back button finds it again. Only `defaults`' own fields are read
 * back, each only when it has the type of its default.
 */
export function recallDraft<Values extends object>(key: string, defaults: Values): Values {
  const saved = tryStorage(() => JSON.parse(sessionStorage.getItem(storageKey(key)) ?? '{}'));
  const values = { ...defaults };
  for (const field of Object.keys(defaults) as (keyof Values)[]) {
    if (typeof saved?.[field] === typeof defaults[field]) values[field] = saved[field];
  }
  return values;
}

/** Forgets a form's draft from elsewhere: its registration was sent later, from the phone's keeping. */
export function forgetDraft(key: string) {
  tryStorage(() => sessionStorage.removeItem(storageKey(key)));
}

/**
 * Keeps the form's `fields` (a constant list) as they are typed: a moment after typing stops, and at once
 * when the form goes away or the page is left. The function returned forgets them, once the form is done.
 */
export function useDraftSaving<Values extends object>(
  key: string | undefined,
  fields: readonly (keyof Values)[],
  watch: (callback: (values: Partial<Values>) => void) => { unsubscribe: () => void },
) {
  const pending = useRef<{ values?: Partial<Values>; timer?: ReturnType<typeof setTimeout> }>({});

  useEffect(() => {
    if (!key) return;
    const state = pending.current;
    const save = () => {
      clearTimeout(state.timer);
      const { values } = state;
      if (!values) return;
      state.values = undefined;
      const draft = Object.fromEntries(fields.map((field) => [field, values[field]]));
      tryStorage(() => sessionStorage.setItem(storageKey(key), JSON.stringify(draft)));
    };
    const { unsubscribe } = watch((values) => {
      state.values = values;
      clearTimeout(state.timer);
      state.timer = setTimeout(save, 400);
    });
    addEventListener('pagehide', save);
    return () => {
      unsubscribe();
      removeEventListener('pagehide', save);
      save();
    };
  }, [key, fields, watch]);

  return () => {
    clearTimeout(pending.current.timer);
    pending.current.values = undefined;
    if (key) tryStorage(() => sessionStorage.removeItem(storageKey(key)));
  };
}
