import { createContext, useContext, useSyncExternalStore } from 'react';
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
