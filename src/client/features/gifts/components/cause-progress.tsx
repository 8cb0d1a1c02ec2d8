import type { GiveSummary } from '../../../../shared/gifts/gifts.ts';
import { priceText } from '../../../../shared/money.ts';

/** The cause as /Give shows it: photo, text, a progress bar to the goal (USD gifts), how many gave, who agreed to be named. */
export function CauseProgress({ summary }: { summary: GiveSummary }) {
  const goal = Number(summary.goalUsd);
  const raised = Number(summary.raised.USD);
  const share = goal > 0 ? Math.min(100, Math.round((raised / goal) * 100)) : 0;
  return (
    <div className="flex flex-col gap-4">
      {summary.image && (
        <img
          src={`${summary.image}-640.webp`}
          alt=""
          width={640}
          height={360}
          className="aspect-video w-full rounded-xl object-cover"
        />
      )}
      {summary.text && <p className="whitespace-pre-line text-stone-800">{summary.text}</p>}
      <section aria-labelledby="raised-heading" className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="raised-heading" className="text-xl font-bold text-stone-900">
          Raised so far
        </h2>
        <p className="mt-1 text-2xl font-bold text-brand-800">
          {priceText('USD', summary.raised.USD)}
          {goal > 0 && (
            <span className="text-base font-normal text-stone-700">
              {' '}
              of {priceText('USD', summary.goalUsd)}
            </span>
          )}
        </p>
        {Number(summary.raised.ZWG) > 0 && (
          <p className="text-stone-700">and {priceText('ZWG', summary.raised.ZWG)}</p>
        )}
        {goal > 0 && (
          <div
            role="progressbar"
            aria-label="Raised towards the goal"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
            aria-valuetext={`${share}% of the goal`}
            className="mt-3 h-4 w-full overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full rounded-full bg-brand-700" style={{ width: `${share}%` }} />
          </div>
        )}
        <p className="mt-2 text-stone-700">
          {summary.givers === 0
            ? 'Be the first to give.'
            : `${summary.givers} ${summary.givers === 1 ? 'gift' : 'gifts'} so far. Thank you!`}
        </p>
        {summary.named.length > 0 && (
          <ul aria-label="Givers who agreed to be named" className="mt-3 flex flex-col gap-1">
            {summary.named.map((giver, index) => (
              // Names repeat (two Rudos); the list never reorders while shown.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="flex justify-between border-b border-stone-100 py-1">
                <span>{giver.name}</span>
                <span className="font-medium">{priceText(giver.currency, giver.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
