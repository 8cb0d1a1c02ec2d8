import * as z from 'zod/mini';
import { wholeNumber } from '../validation.ts';

export const RETENTION_DAYS = { min: 30, max: 3650 } as const;

/** How long personal data is kept: fun-run entries after the event, programme records after a man's end. */
export const RetentionSettingsInputSchema = z.object({
  entryRetentionDays: wholeNumber('the days after the event', RETENTION_DAYS.min, RETENTION_DAYS.max),
  programmeRetentionDays: wholeNumber(
    'the days after a man leaves or graduates',
    RETENTION_DAYS.min,
    RETENTION_DAYS.max,
  ),
});
export type RetentionSettingsInput = z.input<typeof RetentionSettingsInputSchema>;

export const RetentionSettingsSchema = z.object({
  entryRetentionDays: z.number(),
  programmeRetentionDays: z.number(),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

/** What the admin dashboard warns of: erasure requests waiting, and the next batch of entries to anonymise. */
export const PrivacyNoticesSchema = z.object({
  /** The next Harare day entries will be anonymised on, and how many; null when none are due. */
  anonymiseSoon: z.nullable(z.object({ count: z.number(), on: z.string() })),
  erasureRequestsWaiting: z.number(),
});
export type PrivacyNotices = z.infer<typeof PrivacyNoticesSchema>;
