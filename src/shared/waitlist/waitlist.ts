import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';

export const WAITLIST_STATUSES = ['waiting', 'offered', 'registered', 'expired', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** What someone who joined a race's waitlist is told: his waitlist reference and his place in the queue. */
export const WaitlistReceiptSchema = z.object({
  onWaitlist: z.literal(true),
  reference: z.string(),
  discipline: z.enum(DISCIPLINES),
  raceType: z.string(),
  position: z.number(),
});
export type WaitlistReceipt = z.infer<typeof WaitlistReceiptSchema>;

/**
 * The token in the path of an offer's private page: a short code (20 characters of lowercase base32, the same
 * in its mail and its text's /m/<code>), or 32 base64url characters (offers made before texts).
 */
export const OFFER_TOKEN = /^(?:[\w-]{32}|[a-z2-7]{20})$/;

/** What an offer's private link shows: whose it is, for which race, until when, and whether it still stands. */
export const WaitlistOfferSchema = z.object({
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  discipline: z.enum(DISCIPLINES),
  raceType: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  offerExpiresAt: z.nullable(z.string()),
  /** Set once accepted: the entry's reference and (only to whoever just accepted) its private page. */
  registration: z.nullable(z.object({ reference: z.string(), myLink: z.optional(z.string()) })),
});
export type WaitlistOffer = z.infer<typeof WaitlistOfferSchema>;

export const WaitlistRowSchema = z.object({
  id: z.string(),
  /** Place in the queue among those still waiting or offered; null for the others. */
  position: z.nullable(z.number()),
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.nullable(z.string()),
  mobile: z.string(),
  /** Under 18: a parent or guardian agreed (shown as "Minor", as in the participants list). */
  minor: z.boolean(),
  createdAt: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  offerExpiresAt: z.nullable(z.string()),
});
export type WaitlistRow = z.infer<typeof WaitlistRowSchema>;

export const WaitlistRaceSchema = z.object({
  id: z.string(),
  discipline: z.enum(DISCIPLINES),
  label: z.string(),
  capacity: z.nullable(z.number()),
  /** Active entries. */
  taken: z.number(),
  entries: z.array(WaitlistRowSchema),
});
export const WaitlistSchema = z.object({ races: z.array(WaitlistRaceSchema) });
export type WaitlistRace = z.infer<typeof WaitlistRaceSchema>;
export type Waitlist = z.infer<typeof WaitlistSchema>;
