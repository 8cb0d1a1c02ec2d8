import { useState } from 'react';

const NONE = new Set<string>();

/** Rows ticked on one page of the list: turning the page or changing a filter starts with none. */
export function usePageSelection(pageKey: string) {
  const [selection, setSelection] = useState({ pageKey, ids: NONE });
  const ids = selection.pageKey === pageKey ? selection.ids : NONE;
  const select = (changed: string[], on: boolean) => {
    const next = new Set(ids);
    for (const id of changed) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ pageKey, ids: next });
  };
  return { ids, select, clear: () => setSelection({ pageKey, ids: NONE }) };
}
