import { useEffect, useState } from 'react';

/** How long typing must pause before a search box asks the server. */
export const TYPING_PAUSE_MS = 300;

/**
 * `value` once it has stayed the same for `delayMs` (a search waits for a pause in typing), and a
 * setter that settles a value at once (Enter in a search box does not wait).
 */
export function useDebouncedValue<T>(value: T, delayMs: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return [settled, setSettled] as const;
}

/**
 * A search box's text and the query it asks for: the text, trimmed, once typing pauses for `delayMs`, or
 * at once with `searchNow` (Enter). It starts with `initialText` (a search the page was opened with).
 */
export function useSearchText(delayMs = TYPING_PAUSE_MS, initialText = '') {
  const [text, setText] = useState(initialText);
  const [typed, settle] = useDebouncedValue(text, delayMs);
  return { text, setText, query: typed.trim(), searchNow: () => settle(text) };
}
