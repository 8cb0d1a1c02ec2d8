import { displayPhone } from '../../../shared/events/event-display.ts';
import { privacyNotice } from '../../../shared/privacy/standard-notice.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { DataByMobile } from '../../features/mobile-proofs/index.ts';
import { useHydrated } from '../page-data.ts';

type Block = { kind: 'heading' | 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** The notice's lines as blocks: "## " starts a heading, "- " an item of a list, any other line a paragraph. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: line.slice(3) });
    else if (line.startsWith('- ')) {
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'list') last.items.push(line.slice(2));
      else blocks.push({ kind: 'list', items: [line.slice(2)] });
    } else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}

function Notice({ text }: { text: string }) {
  return (
    <>
      {blocksOf(text).map((block, index) =>
        block.kind === 'heading' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text
          <h2 key={index} className="mt-6 mb-2 text-xl font-bold text-stone-900">
            {block.text}
          </h2>
        ) : block.kind === 'list' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text
          <ul key={index} className="mb-2 list-disc pl-6">
            {block.items.map((item) => (
              <li key={item} className="mb-1">
                {item}
              </li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text
          <p key={index} className="mb-2">
            {block.text}
          </p>
        ),
      )}
    </>
  );
}

/** /Privacy: who holds the entrants' and participants' details, what for, how long, who sees them. */
export default function Privacy() {
  const { data: event, isPending, isError, refetch } = useEvent();
  // The section asks the server at each step: it needs the script.
  const interactive = useHydrated();
  return (
    <PublicPage title="Privacy notice">
      <h1 className="text-3xl font-bold">Privacy notice</h1>
      {/* Holding the content's place keeps the footer from jumping away when it arrives. */}
      {isPending && (
        <div className="min-h-dvh">
          <Loading />
        </div>
      )}
      {isError && <ErrorMessage onRetry={() => refetch()}>The notice could not be loaded.</ErrorMessage>}
      {event && (
        <div className="mt-4 leading-relaxed text-stone-800">
          <Notice
            text={privacyNotice(event.privacyText, {
              contactPhone: displayPhone(event, event.contactPhone),
              entryRetentionDays: event.entryRetentionDays,
              programmeRetentionDays: event.programmeRetentionDays,
            })}
          />
          <p className="mt-6 text-sm text-stone-600">Version {event.privacyVersion}</p>
        </div>
      )}
      {event && interactive && <DataByMobile available={event.smsOn} />}
    </PublicPage>
  );
}
