import type { ButtonHTMLAttributes } from 'react';

export const buttonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70';

export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-stone-400 bg-white px-5 py-2.5 font-semibold text-stone-900 shadow-sm hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** For an action that destroys something, in the dialog that confirms it. */
export const dangerButtonClass = buttonClass
  .replace('bg-brand-700', 'bg-red-700')
  .replace('hover:bg-brand-800', 'hover:bg-red-800');

/** For actions repeated on every row of a table: smaller than the page's own buttons, still easy to tap. */
export const rowButtonClass =
  'inline-flex min-h-10 items-center justify-center rounded-lg border border-stone-400 bg-white px-3 py-1.5 text-sm font-semibold text-stone-900 shadow-sm hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70';

export function Button({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button className={`${buttonClass} ${className}`} {...props} />;
}

/** A form's submit button that spins and says `busyLabel` while the form is sent (a slow phone sees it is working). */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className,
}: {
  busy: boolean;
  busyLabel: string;
  children: string;
  className?: string;
}) {
  return (
    <Button type="submit" disabled={busy} aria-disabled={busy} className={className}>
      {busy && (
        <span
          className="size-4 animate-spin rounded-full border-2 border-white/50 border-t-white"
          aria-hidden="true"
        />
      )}
      {busy ? busyLabel : children}
    </Button>
  );
}
