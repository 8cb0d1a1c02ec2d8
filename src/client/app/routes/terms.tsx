import { PublicPage } from '../../components/public-page.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';

const WAIVER_HEADING = 'Celebration Fun Run Registration Waiver';

function Paragraphs({ text }: { text: string }) {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return (
    <>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
        <p key={index} className="mb-2">
          {line}
        </p>
      ))}
    </>
  );
}

export default function Terms() {
  const { data: event, isPending, isError, refetch } = useEvent();
  // Everything after the waiver's heading belongs to the waiver.
  const [terms = '', waiver] = event?.termsText.split(WAIVER_HEADING) ?? [];
  return (
    <PublicPage title="Terms and Conditions">
      <h1 className="text-3xl font-bold">Terms and Conditions</h1>
      {/* Holding the content's place keeps the footer from jumping away when it arrives. */}
      {isPending && (
        <div className="min-h-dvh">
          <Loading />
        </div>
      )}
      {isError && <ErrorMessage onRetry={() => refetch()}>The terms could not be loaded.</ErrorMessage>}
      {event && (
        <div className="mt-6 leading-relaxed text-stone-800">
          <Paragraphs text={terms} />
          {waiver !== undefined && (
            <section
              aria-labelledby="waiver"
              className="mt-6 rounded-xl border border-stone-300 bg-white p-5"
            >
              <h2 id="waiver" className="mb-3 text-xl font-bold text-stone-900">
                {WAIVER_HEADING}
              </h2>
              <Paragraphs text={waiver} />
            </section>
          )}
          <p className="mt-6 text-sm text-stone-600">Version {event.termsVersion}</p>
        </div>
      )}
    </PublicPage>
  );
}
