import { lazy, Suspense } from 'react';
import { PublicPage } from '../../components/public-page.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/index.ts';
import { getGiveQueryOptions, useGiveSummary } from '../../features/gifts/api/give.ts';
import { CauseProgress } from '../../features/gifts/components/cause-progress.tsx';
import { GiftForm } from '../../features/gifts/components/gift-form.tsx';

const PayOnline = lazy(() => import('../../features/payments/components/pay-online.tsx'));

/** /Give: the cause, what was raised, and a gift without registering (works without JavaScript). */
export default function Give() {
  const summary = useGiveSummary();
  const { data: event } = useEvent();
  const title = summary.data?.title || 'Give to the cause';
  return (
    <PublicPage title="Give">
      <h1 className="text-3xl font-bold">{title}</h1>
      {summary.isPending && <Loading />}
      {summary.isError && (
        <ErrorMessage onRetry={() => summary.refetch()}>The cause could not be loaded.</ErrorMessage>
      )}
      {summary.data && (
        <div className="mt-4 flex flex-col gap-8">
          <CauseProgress summary={summary.data} />
          <section aria-labelledby="give-heading">
            <h2 id="give-heading" className="mb-3 text-2xl font-bold text-stone-900">
              Give
            </h2>
            {summary.data.open && event ? (
              <GiftForm
                event={event}
                payOnline={(payToken) => (
                  <Suspense fallback={null}>
                    <PayOnline token={payToken} via="gift" refreshes={getGiveQueryOptions().queryKey} />
                  </Suspense>
                )}
              />
            ) : (
              <p className="text-stone-700">
                Gifts are not being taken at the moment. Thank you for looking in.
              </p>
            )}
          </section>
        </div>
      )}
    </PublicPage>
  );
}
