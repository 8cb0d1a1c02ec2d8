import type { ReactNode } from 'react';

/** The page's document title and its heading. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <title>{`${title} · Celebration`}</title>
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      {children && <div className="mt-2 text-stone-700">{children}</div>}
    </div>
  );
}
