import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { forgetDraft } from '../../../lib/session-draft.ts';
import { rememberReceipt } from '../last-receipt.ts';
import { onSendPendingNow, PENDING_MESSAGE, usePendingBanner } from '../pending-flag.ts';
import { type PendingAnswer, sendPendingRegistrations } from '../pending-registration.ts';

/** How a refused registration comes back to its form (the navigation's state). */
export type Refusal = Extract<PendingAnswer, { kind: 'refused' }>;

const REMOVED =
  'It was not registered, and is no longer saved on this phone: check the form and register again.';

// Not the buttons of ui/button.tsx: that module is in the form's chunk, which the home page does not load.
// The `online` event is not reliable on every phone (a connection without data, a captive portal): try again
// now and then while something waits.
const RETRY_MS = 30_000;

/**
 * Loaded by the app shell only while a registration waits on this phone: sends it on load, on `online`, on
 * "Send now" and when the service worker has sent it by Background Sync, then shows the Thank-you page, or
 * the form with the server's refusal. Meanwhile a banner says it waits.
 */
export default function PendingSender() {
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
      const sent = answers.findLast((answer) => answer.kind === 'sent');
      for (const answer of answers) {
        const data = answer.kind === 'sent' ? answer.receipt : answer.entry.data;
        forgetDraft(`registration-${data.discipline}`);
      }
      if (refused) {
        // A race may have become full meanwhile: the form then offers its waitlist.
        await queryClient.invalidateQueries({ queryKey: ['event'] });
        navigate(refused.entry.data.discipline === 'cycle' ? '/RegisterCyclist' : '/Register', {
          state: { refused: { ...refused, message: `${refused.message} ${REMOVED}` } },
        });
      } else if (sent?.kind === 'sent') {
        rememberReceipt(sent.receipt);
        navigate('/Thankyou', { state: { receipt: sent.receipt } });
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
          className="inline-flex min-h-11 items-center rounded-lg border border-amber-900 bg-white px-4 py-2 font-semibold text-amber-950 hover:bg-amber-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-900 disabled:opacity-70"
        >
          {sending ? 'Sending…' : 'Send now'}
        </button>
      </div>
    </section>
  );
}
