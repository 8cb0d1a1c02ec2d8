import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';

/**
 * Walk-ups for an admin to look at (issue 37): those kept apart because the person seemed registered already
 * (never merged), and those registered although their race was full (sent from a phone without signal).
 * Names, race and who took it only: nothing to reach the entrant by.
 */
export const WalkUpClashSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  discipline: z.nullable(z.enum(DISCIPLINES)),
  race: z.nullable(z.string()),
  /** The reference of the entry it clashes with, and its id while that entry exists. */
  clashWith: z.string(),
  clashWithId: z.nullable(z.string()),
  takenBy: z.string(),
  takenAt: z.string(),
});
export type WalkUpClash = z.infer<typeof WalkUpClashSchema>;

export const OverCapacityWalkUpSchema = z.object({
  id: z.string(),
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  discipline: z.enum(DISCIPLINES),
  race: z.string(),
  takenBy: z.string(),
  takenAt: z.string(),
});
export type OverCapacityWalkUp = z.infer<typeof OverCapacityWalkUpSchema>;

export const WalkUpReviewSchema = z.object({
  clashes: z.array(WalkUpClashSchema),
  overCapacity: z.array(OverCapacityWalkUpSchema),
});
export type WalkUpReview = z.infer<typeof WalkUpReviewSchema>;

/** POST /api/check-in/walk-ups/:id/pay: the table's mobile-money prompt on the entrant's phone. */
export const WalkUpPromptSchema = z.object({
  method: z.enum(['ecocash', 'onemoney']),
  phone: z
    .string()
    .check(z.trim(), z.minLength(1, 'Type the entrant’s mobile money number'), z.maxLength(30)),
});
export type WalkUpPrompt = z.infer<typeof WalkUpPromptSchema>;
