import { useState } from 'react';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { RadioCard, TextField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { useMakePayLink } from '../api/pay-link.ts';

/**
 * "Send a pay link" ("Pay for me", issue 36): a private link for someone else (a relative at home or abroad)
 * to pay the entry's fee, or the group's total, seeing only first names, races and what is due. Shared by the
 * phone's own share sheet (WhatsApp…) where the browser has one, otherwise copied.
 */
export function SendPayLink({
  myToken,
  groupReference,
  groupOnly = false,
}: {
  /** The entry's private link token: the server makes pay links only for its holder. */
  myToken: string;
  /** The entry's group, whose total the link may pay instead (the Thank-you page of a group: always). */
  groupReference?: string;
  groupOnly?: boolean;
}) {
  const make = useMakePayLink(myToken);
  const [forGroup, setForGroup] = useState(groupReference !== undefined);
  const [url, setUrl] = useState<string>();
  const [shared, setShared] = useState<string>();

  const send = async () => {
    setShared(undefined);
    try {
      const made = await make.mutateAsync({ group: groupOnly || forGroup });
      setUrl(new URL(made.path, window.location.origin).toString());
    } catch {
      // Shown below the button.
    }
  };

  const share = async (link: string) => {
    const text = 'Please help me pay my fun run entry: this link shows what is due and how to pay.';
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Pay for me', text, url: link });
        return;
      } catch (error) {
        // Closing the share sheet is no failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      setShared('The link is copied: paste it into WhatsApp or a text message.');
    } catch {
      setShared('Copy the link above and paste it into WhatsApp or a text message.');
    }
  };

  return (
    <section aria-labelledby="pay-link-heading" className="flex flex-col gap-4">
      <h2 id="pay-link-heading" className="text-2xl font-bold">
        Someone else paying?
      </h2>
      <p className="text-stone-700">
        Send them a pay link: it shows only first names, races and what is due, with the ways to pay. It shows
        no contact details and cannot change or cancel anything.
      </p>
      {groupReference !== undefined && !groupOnly && !url && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-stone-800">What the link pays</legend>
          <RadioCard
            name="pay-link-for"
            label={`The whole group (${groupReference})`}
            checked={forGroup}
            onChange={() => setForGroup(true)}
          />
          <RadioCard
            name="pay-link-for"
            label="This entry only"
            checked={!forGroup}
            onChange={() => setForGroup(false)}
          />
        </fieldset>
      )}
      {url ? (
        <div className="flex flex-col gap-3">
          <TextField
            label="Pay link"
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="button" className={buttonClass} onClick={() => void share(url)}>
              Share the pay link
            </button>
            <a
              className={secondaryButtonClass}
              href={`https://wa.me/?text=${encodeURIComponent(url)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Send by WhatsApp
            </a>
          </div>
          <p role="status" className="text-stone-700 empty:hidden">
            {shared}
          </p>
          <p className="text-sm text-stone-600">
            Whoever has this link can see those first names and pay: send it only to the person paying.
          </p>
        </div>
      ) : (
        <div>
          <button type="button" className={buttonClass} disabled={make.isPending} onClick={() => void send()}>
            {make.isPending ? 'Making the link…' : 'Send a pay link'}
          </button>
        </div>
      )}
      {make.isError && <FormAlert>{errorText(make.error)}</FormAlert>}
    </section>
  );
}
