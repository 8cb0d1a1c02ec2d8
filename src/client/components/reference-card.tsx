import { type ReactNode, useId } from 'react';

/** The card a person's own page leads with: the reference he quotes, said large under its label. */
export function ReferenceCard({
  label,
  reference,
  className = '',
  children,
}: {
  /** The card's heading, e.g. "Your registration reference". */
  label: string;
  reference: string;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border-2 border-brand-700 bg-white p-5 shadow-sm ${className}`.trimEnd()}
    >
      <h2 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-stone-600">
        {label}
      </h2>
      <p className="mt-1 font-mono text-3xl font-bold tracking-wider text-stone-900">{reference}</p>
      {children}
    </section>
  );
}
