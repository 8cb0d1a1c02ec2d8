import type { ReactNode } from 'react';

/**
 * A data table that scrolls sideways on a narrow screen instead of squeezing its columns;
 * the scroll area is focusable so keyboard users can scroll it too.
 */
export function DataTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </section>
  );
}

export const thClass =
  'whitespace-nowrap border-b border-stone-200 bg-stone-100 px-3 py-2.5 font-semibold text-stone-700';
export const tdClass = 'border-b border-stone-100 px-3 py-2.5 align-middle';
