import { PublicPage } from '../../components/public-page.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';

const WAIVER_HEADING = 'Celebration Fun Run Registration Waiver';

export default function Terms() {
  const { data: event, isPending, isError, refetch } = useEvent();
  const blocks = event?.termsText.split(/\n\s*\n/) ?? [];
  return (
    <PublicPage title="Terms and Conditions">
      <h1 className="text-3xl font-bold">Terms and Conditions</h1>
      {isPending && <Loading />}
      {isError && <ErrorMessage onRetry={() => refetch()}>The terms could not be loaded.</ErrorMessage>}
      <div className="mt-6 space-y-4 leading-relaxed text-stone-800">
        {blocks.map((block, index) => {
          const [first, ...rest] = block.split('\n');
          if (first?.trim() === WAIVER_HEADING) {
            return (
              <section
                key={first}
                aria-labelledby="waiver"
                className="rounded-xl border border-stone-300 bg-white p-5"
              >
                <h2 id="waiver" className="mb-3 text-xl font-bold text-stone-900">
                  {WAIVER_HEADING}
                </h2>
                {rest.map((line) => (
                  <p key={line} className="mb-2">
                    {line}
                  </p>
                ))}
              </section>
            );
          }
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
            <div key={index}>
              {block.split('\n').map((line) => (
                <p key={line} className="mb-1">
                  {line}
                </p>
              ))}
            </div>
          );
        })}
      </div>
      {event && <p className="mt-6 text-sm text-stone-600">Version {event.termsVersion}</p>}
    </PublicPage>
  );
}
