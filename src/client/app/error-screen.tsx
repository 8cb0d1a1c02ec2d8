import type { ReactNode } from 'react';

/** The full-page fallback for a missing page or a failure: headed as users of the earlier version knew it. */
export function ErrorScreen({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Celebration Fun Run</p>
      <h1 className="text-3xl font-bold text-stone-900">Unexpected Application Error!</h1>
      <div className="text-lg text-stone-700">{children}</div>
      <div>{action}</div>
    </main>
  );
}
