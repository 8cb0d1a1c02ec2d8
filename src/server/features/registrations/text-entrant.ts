import type { NotifyBy } from '../../../shared/sms/sms-settings.ts';
import type { RunStatement } from '../../db/client.ts';
import type { Links } from '../../links.ts';
import { newShortCode, smsRecipientOf, wantsSms } from '../../sms/entrant-sms.ts';
import { type OutgoingSms, queueSms } from '../../sms/repository.ts';
import { oneSegment } from '../../sms/sms-text.ts';
import { entryLinkDigest } from './entry-link.ts';
import { keepShortEntryLink } from './repository.ts';

/** Who a text about an entry (or a waitlist place) goes to, and whether he wants texts at all. */
export interface TextedEntrant {
  age: number;
  mobile: string;
  guardianMobile: string | null;
  email: string | null;
  notifyBy: NotifyBy;
}

/**
 * Queues a text to an entrant who wants them (his guardian, for a minor), in the caller's transaction; with a
 * new short link to his entry's page when `linkTo` names the entry, or the short code `code` the caller made
 * (a waitlist offer's). Says whether it was queued (the mail then may stay behind, see wantsMail).
 */
export async function textEntrant(
  run: RunStatement,
  links: Links,
  entrant: TextedEntrant,
  sms: Omit<OutgoingSms, 'to' | 'body'> & { title: string; text: string; linkTo?: string; code?: string },
): Promise<boolean> {
  if (!wantsSms(entrant.notifyBy)) return false;
  const code = sms.code ?? (sms.linkTo ? newShortCode() : undefined);
  const queued = await queueSms(run, {
    ...sms,
    to: smsRecipientOf(entrant),
    body: oneSegment(sms.title, sms.text, code && links.page(`/m/${code}`)),
  });
  if (queued && code && sms.linkTo) await keepShortEntryLink(run, sms.linkTo, entryLinkDigest(code));
  return queued;
}
