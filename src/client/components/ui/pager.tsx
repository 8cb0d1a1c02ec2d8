import { type ReactNode, useCallback, useState } from 'react';
import { secondaryButtonClass } from './button.tsx';

/**
 * Previous, where the list stands (`children`, e.g. "Page 2 of 7 · 160 men") and Next. `page` is the
 * page asked for; `onTurn` gets -1 or +1.
 */
export function Pager({
  label,
  page,
  pages,
  onTurn,
  children,
  after,
  className = '',
}: {
  /** The nav's name, e.g. "Pages of accounts". */
  label: string;
  page: number;
  pages: number;
  onTurn: (step: -1 | 1) => void;
  children: ReactNode;
  /** After Next, e.g. a rows-per-page choice. */
  after?: ReactNode;
  className?: string;
}) {
  return (
    <nav
      aria-label={label}
      className={`mt-4 flex flex-wrap items-center gap-3${className ? ` ${className}` : ''}`}
    >
      <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => onTurn(-1)}>
        Previous
      </button>
      <p className="text-stone-700">{children}</p>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={page >= pages}
        onClick={() => onTurn(1)}
      >
        Next
      </button>
      {after}
    </nav>
  );
}

/** A page number that starts again at 1 whenever `query` changes: a new search shows its first page. */
export function usePageOf(query: string) {
  const [state, setState] = useState({ query, page: 1 });
  const page = state.query === query ? state.page : 1;
  const setPage = useCallback(
    (next: (page: number) => number) =>
      setState((now) => {
        const turned = next(now.query === query ? now.page : 1);
        // The same state object when nothing changes, so React skips the render.
        return now.query === query && now.page === turned ? now : { query, page: turned };
      }),
    [query],
  );
  return [page, setPage] as const;
}
