import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { forgetDraft } from '../../../lib/session-draft.ts';
import {
  announceSent,
  dismissSent,
  onSendPendingNow,
  PENDING_MESSAGE,
  type SentNotice,
  usePendingBanner,
  usePendingFlag,
  useSentNotices,
} from '../pending-flag.ts';
import { type PendingAnswer, sendPendingRegistrations } from '../pending-registration.ts';

/** How a refused registration comes back to its form (the navigation's state). */
export type Refusal = Extract<PendingAnswer, { kind: 'refused' }>;

const REMOVED =
  'It was not registered, and is no longer saved on this phone: check the form and register again.';

// Not the buttons of ui/button.tsx: that module is in the form's chunk, which the home page does not load.
const bannerButtonClass =
  'inline-flex min-h-11 items-center rounded-lg border px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 disabled:opacity-70';

// The `online` event is not reliable on every phone (a connection without data, a captive portal): try again
// now and then while something waits.
const RETRY_MS = 30_000;

/**
 * Loaded by the app shell only while a registration waits on this phone, or was just sent from it: sends it,
 * then says so on whatever page is open, or shows the form with the server's refusal.
 */
export default function PendingRegistrations() {
  const pending = usePendingFlag();
  return (
    <>
      {pending && <PendingSender />}
      <SentNotices />
    </>
  );
}

/**
 * Sends what waits on load, on `online`, on "Send now" and when the service worker has sent it by Background
 * Sync. Meanwhile a banner says it waits.
 */
function PendingSender() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const banner = usePendingBanner();
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const send = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      const { answers } = await sendPendingRegistrations();
      const refused = answers.find((answer): answer is Refusal => answer.kind === 'refused');
      for (const answer of answers) {
        forgetDraft(
          `registration-${answer.kind === 'sent' ? answer.discipline : answer.entry.data.discipline}`,
        );
      }
      // Whoever holds the phone now may not be the entrant (it was sent when the next person opened a page):
      // the page stays where it is and says only the reference.
      announceSent(
        answers.flatMap((answer) =>
          answer.kind === 'sent' ? [{ reference: answer.reference, waitlist: answer.waitlist }] : [],
        ),
      );
      if (refused) {
        // A race may have become full meanwhile: the form then offers its waitlist.
        await queryClient.invalidateQueries({ queryKey: ['event'] });
        navigate(refused.entry.data.discipline === 'cycle' ? '/RegisterCyclist' : '/Register', {
          state: { refused: { ...refused, message: `${refused.message} ${REMOVED}` } },
        });
      }
    } catch {
      // IndexedDB unavailable or the lock refused: the entry stays where it is for the next try.
    } finally {
      busy.current = false;
      setSending(false);
    }
  }, [navigate, queryClient]);

  useEffect(() => {
    void send();
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === 'pending-registration') void send();
    };
    const retry = setInterval(() => navigator.onLine && void send(), RETRY_MS);
    window.addEventListener('online', send);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    const stopSendNow = onSendPendingNow(send);
    return () => {
      clearInterval(retry);
      window.removeEventListener('online', send);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
      stopSendNow();
    };
  }, [send]);

  if (!banner) return null;
  return (
    <section aria-label="Registration waiting to be sent" className="bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <p role="status" className="flex-1 font-medium">
          {PENDING_MESSAGE}
        </p>
        <button
          type="button"
          onClick={send}
          disabled={sending}
          className={`${bannerButtonClass} border-amber-900 bg-white text-amber-950 hover:bg-amber-50 focus-visible:outline-amber-900`}
        >
          {sending ? 'Sending…' : 'Send now'}
        </button>
      </div>
    </section>
  );
}

function SentText({ reference, waitlist }: SentNotice) {
  // A reference breaks at its hyphen on a narrow screen, unless told not to.
  const ref = <span className="whitespace-nowrap font-semibold">{reference}</span>;
  return waitlist ? (
    <p>
      Your saved request for a waitlist place was sent — reference {ref}; the details are in the email or text
      message.
    </p>
  ) : (
    <p>Your saved registration was sent — reference {ref}; the link is in the email or text message.</p>
  );
}

/** What was sent from the phone's keeping, by reference only, until dismissed. */
function SentNotices() {
  const notices = useSentNotices();
  if (notices.length === 0) return null;
  return (
    <section aria-label="Saved registration sent" className="bg-green-100 text-green-950">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <div role="status" className="flex-1 font-medium">
          {notices.map((notice) => (
            <SentText key={notice.reference} {...notice} />
          ))}
        </div>
        <button
          type="button"
          onClick={dismissSent}
          className={`${bannerButtonClass} border-green-900 bg-white text-green-950 hover:bg-green-50 focus-visible:outline-green-900`}
        >
          Dismiss
        </button>
      </div>
    </section>
  );
}
