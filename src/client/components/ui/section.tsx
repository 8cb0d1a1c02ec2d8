import { type ReactNode, useId } from 'react';

/** A titled part of a page (a region named by its heading). */
export function Section({
  title,
  action,
  children,
  className = '',
}: {
  title: string;
  /** Beside the heading, e.g. a link to the full page. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`flex flex-col gap-3 ${className}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** White panel around a part that is not already a list of cards. */
export function Panel({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">{children}</div>;
}
