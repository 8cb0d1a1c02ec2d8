import { Fragment } from 'react';
import type { OutboxMail } from '../../../shared/accounts/account.ts';
import { secondaryButtonClass } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { useOutbox } from '../../features/accounts/api/outbox.ts';
import { OutboxTexts } from '../../features/accounts/components/outbox-texts.tsx';
import { formatDateTime } from '../../lib/dates.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's text with its web addresses as links. */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text
          <a key={index} href={part} className="break-all font-medium text-brand-700 underline">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The mail's links, ready to open: what an admin comes here for. */
function MailLinks({ text }: { text: string }) {
  const links = [...new Set(text.match(URL_PATTERN) ?? [])];
  if (links.length === 0) return null;
  return (
    <ul aria-label="Links in this email" className="mt-3 flex flex-col gap-1 text-sm">
      {links.map((link) => (
        <li key={link}>
          <a href={link} className="break-all font-medium text-brand-700 underline">
            {link}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Status({ mail, delivered }: { mail: OutboxMail; delivered: boolean }) {
  if (mail.sentAt && !delivered) {
    return (
      <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
        Logged, not sent {formatDateTime(mail.sentAt)}
      </span>
    );
  }
  if (mail.sentAt) {
    return (
      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
        Delivered {formatDateTime(mail.sentAt)}
      </span>
    );
  }
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      Pending{mail.attempts > 0 ? ` · ${mail.attempts} failed attempt${mail.attempts === 1 ? '' : 's'}` : ''}
    </span>
  );
}

export default function Outbox() {
  const outbox = useOutbox();
  const mails = outbox.data?.mails;
  const devOutbox = outbox.data?.transport === 'dev-outbox';
  return (
    <>
      <PageHeading title="Outbox">
        <p>
          The latest 50 emails the site sent, newest first, with whether they were delivered; the text
          messages follow.
          {!devOutbox &&
            ' What they say is never shown here: they can hold sign-in links meant for their recipient alone.'}
        </p>
      </PageHeading>
      {devOutbox && (
        <p
          role="note"
          className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950"
        >
          No mail server is set up (SMTP_URL), so nothing is delivered. For development only, each message’s
          text and links are shown below. Set up a mail server before real people use the site.
        </p>
      )}
      <p className="mb-4">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => outbox.refetch()}
          disabled={outbox.isFetching}
        >
          {outbox.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </p>
      {outbox.isPending && <Loading label="Loading the outbox…" />}
      <QueryError query={outbox} />
      {mails?.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          No email has been sent yet.
        </p>
      )}
      {mails && mails.length > 0 && (
        <ol className="flex flex-col gap-4">
          {mails.map((mail) => (
            <li key={mail.id}>
              <article
                aria-labelledby={`mail-${mail.id}`}
                className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
              >
                <header className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 id={`mail-${mail.id}`} className="font-bold text-stone-900">
                      {mail.subject}
                    </h2>
                    <p className="break-words text-sm text-stone-700">
                      To {mail.to} · <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
                    </p>
                  </div>
                  <Status mail={mail} delivered={!devOutbox} />
                </header>
                {mail.lastError && !mail.sentAt && (
                  <p className="mt-2 text-sm text-red-800">Last error: {mail.lastError}</p>
                )}
                {mail.text !== null && (
                  <>
                    <MailLinks text={mail.text} />
                    <details className="mt-3 rounded-lg bg-stone-50">
                      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100">
                        Message text
                      </summary>
                      <p className="whitespace-pre-wrap break-words px-3 pb-3 text-sm text-stone-800">
                        <TextWithLinks text={mail.text} />
                      </p>
                    </details>
                  </>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
      {outbox.data && <OutboxTexts texts={outbox.data.texts} />}
    </>
  );
}
