import type { NotifyBy } from '../../../shared/sms/sms-settings.ts';

/**
 * How an entrant's copy went, as the pages after a form say it ("We have … you a copy"): by text to whoever
 * chose SMS (he may have no email), by mail otherwise, as before texts were offered.
 */
export const sentAs = (by: NotifyBy | undefined) =>
  by === 'sms' ? 'texted' : by === 'both' ? 'emailed and texted' : 'emailed';

/** The way an offer or a link reaches him later: "by text", "by email and text", "by email". */
export const reachedBy = (by: NotifyBy | undefined) =>
  by === 'sms' ? 'text' : by === 'both' ? 'email and text' : 'email';
