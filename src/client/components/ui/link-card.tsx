import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const cardClass =
  'flex flex-col gap-1 rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-600';

/** A card that is one link: a title and a line saying where it goes. */
export function LinkCard({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <Link to={to} className={cardClass}>
      <span className="text-lg font-semibold text-brand-800">{title}</span>
      <span className="text-stone-700">{children}</span>
    </Link>
  );
}
