import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { PageData } from '../../shared/page-data.ts';

export type { PageData, ServerForm } from '../../shared/page-data.ts';

export const PAGE_DATA_ID = 'page-data';

export const PageDataContext = createContext<PageData | undefined>(undefined);

export const usePageData = () => useContext(PageDataContext);

/** The page's data when the server rendered it (then the page is hydrated); undefined on the SPA's shell. */
export function readPageData(): PageData | undefined {
  const script = document.getElementById(PAGE_DATA_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as PageData) : undefined;
}

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates its HTML, true afterwards: what only the
 * browser knows (its storage) is shown from then on, so the first render matches the server's.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** What a visitor typed or chose in a server-rendered form before the page's script took it over. */
export type TypedBeforeScript = Record<string, string | boolean>;

const typedBeforeScript = new Map<string, TypedBeforeScript>();

/**
 * Reads the server's forms before React takes the page over. On a slow phone the visitor fills a form while the
 * script is on its way; hydration keeps a text field's characters on screen but not in the form's state (and
 * unticks a chosen radio), so the form answered "Enter your name" beside a name in full view.
 */
export function keepTypedBeforeScript(root: ParentNode) {
  for (const form of root.querySelectorAll('form')) {
    const typed: TypedBeforeScript = {};
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input[name], select[name], textarea[name]',
    )) {
      if (field instanceof HTMLInputElement && field.type === 'checkbox') typed[field.name] = field.checked;
      else if (!(field instanceof HTMLInputElement && field.type === 'radio') || field.checked)
        typed[field.name] = field.value;
    }
    typedBeforeScript.set(form.getAttribute('action') ?? '', typed);
  }
}

/** Once hydrated, gives the form posted to `action` what was typed into it before (once, if anything was). */
export function useTypedBeforeScript(action: string, apply: (typed: TypedBeforeScript) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydrating render
  useEffect(() => {
    const typed = typedBeforeScript.get(action);
    typedBeforeScript.delete(action);
    if (typed) apply(typed);
  }, []);
}
