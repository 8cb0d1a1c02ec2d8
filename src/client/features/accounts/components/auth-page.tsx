import type { ReactNode } from 'react';
import { PublicPage } from '../../../components/public-page.tsx';

/** The frame of the sign-in, sign-up and password pages: a heading, a line of help, and a card. */
export function AuthPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PublicPage title={title}>
      <div className="mx-auto max-w-md">
        <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
        {intro && <p className="mt-2 text-stone-700">{intro}</p>}
        <div className="mt-6 flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
          {children}
        </div>
      </div>
    </PublicPage>
  );
}

export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';
