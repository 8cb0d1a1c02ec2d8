import type { MessagePreview } from '../../../../shared/messages/message.ts';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** "12 entrants: 10 mails, 8 SMS (9 segments); 2 left out of mail, 4 left out of SMS by their choice". */
export function reachText(
  preview: MessagePreview,
  waiting: boolean,
  channels: { byMail: boolean; bySms: boolean },
) {
  const who = waiting
    ? plural(preview.entrants, 'person waiting', 'people waiting')
    : plural(preview.entrants, 'entrant');
  const by = [
    channels.byMail ? plural(preview.mails, 'mail') : undefined,
    channels.bySms
      ? `${preview.sms.toLocaleString('en-GB')} SMS (${plural(preview.smsSegments, 'segment')})`
      : undefined,
  ].filter(Boolean);
  const left = [
    channels.byMail ? `${preview.notByMail.toLocaleString('en-GB')} left out of mail` : undefined,
    channels.bySms ? `${preview.notBySms.toLocaleString('en-GB')} left out of SMS` : undefined,
  ].filter(Boolean);
  return `${who}: ${by.join(', ')}; ${left.join(', ')} by their choice`;
}

/** What the draft reaches, and the first message filled in. */
export function PreviewSummary({
  preview,
  waiting,
  channels,
}: {
  preview: MessagePreview;
  waiting: boolean;
  channels: { byMail: boolean; bySms: boolean };
}) {
  const sample = preview.sample;
  return (
    <section
      aria-labelledby="reach-heading"
      className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-brand-50 p-4"
    >
      <h3 id="reach-heading" className="font-bold text-stone-900">
        Who it reaches
      </h3>
      <p role="status" className="font-medium text-stone-900">
        {reachText(preview, waiting, channels)}
      </p>
      {sample ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-stone-700">The first person’s message, filled in:</p>
          {channels.byMail && (
            <figure className="rounded-lg border border-stone-200 bg-white p-3">
              <figcaption className="text-sm font-semibold text-stone-700">Mail</figcaption>
              <p className="mt-1 font-semibold text-stone-900">{sample.subject}</p>
              <p className="mt-1 whitespace-pre-wrap break-words text-stone-800">{sample.body}</p>
            </figure>
          )}
          {channels.bySms && (
            <figure className="rounded-lg border border-stone-200 bg-white p-3">
              <figcaption className="text-sm font-semibold text-stone-700">
                Text message ({sample.smsText.length} characters)
              </figcaption>
              <p className="mt-1 whitespace-pre-wrap break-words text-stone-800">{sample.smsText}</p>
            </figure>
          )}
        </div>
      ) : (
        <p className="text-stone-700">No one matches these choices.</p>
      )}
    </section>
  );
}
