import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';

/** A phone's id on the finish line: 32 random hex digits made once on the phone. */
const PhoneId = z.string().check(z.regex(/^[0-9a-f]{32}$/, 'Not a phone id'));
const RaceId = z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not a race id'));
const Seq = z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000));
const Instant = z.string().check(
  z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/, 'Not a time'),
  z.refine((value: string) => !Number.isNaN(Date.parse(value)), 'Not a time'),
);
const Bib = z
  .number()
  .check(z.int('Enter the bib number'), z.minimum(1, 'Enter the bib number'), z.maximum(99_999));

/** What a phone queues, in order: a tap (the race's start, or a finisher crossing) or the undoing of an earlier one. */
export const FinishTapSchema = z.union([
  z.object({ seq: Seq, raceId: RaceId, kind: z.enum(['start', 'finish']), at: Instant }),
  z.object({ seq: Seq, undoes: Seq }),
]);
export type FinishTap = z.infer<typeof FinishTapSchema>;

export const FinishBibSchema = z.union([
  z.object({ seq: Seq, raceId: RaceId, bib: Bib, at: Instant }),
  z.object({ seq: Seq, undoes: Seq }),
]);
export type FinishBib = z.infer<typeof FinishBibSchema>;

/** A phone's queue sent whole: what the server has already is skipped, so sending it again adds nothing. */
export const FinishTapsBatchSchema = z.object({
  phoneId: PhoneId,
  items: z.array(FinishTapSchema).check(z.maxLength(2000)),
});
export const FinishBibsBatchSchema = z.object({
  phoneId: PhoneId,
  items: z.array(FinishBibSchema).check(z.maxLength(2000)),
});
export type FinishTapsBatch = z.infer<typeof FinishTapsBatchSchema>;
export type FinishBibsBatch = z.infer<typeof FinishBibsBatchSchema>;
export const FinishSentSchema = z.object({ received: z.number() });

/** The races a finish line can record: the current edition's. */
export const FinishRacesSchema = z.object({
  races: z.array(z.object({ id: z.string(), discipline: z.enum(DISCIPLINES), label: z.string() })),
});
export type FinishRaces = z.infer<typeof FinishRacesSchema>;

/** One line of the merge: the n-th tap beside the n-th bib; either may be missing (a gap to fix). */
export const FinishLineRowSchema = z.object({
  position: z.number(),
  tap: z.nullable(
    z.object({
      id: z.string(),
      /** When it was tapped (ISO, the timing phone's clock). */
      at: z.string(),
      /** Since the start: "52:14"; null without a start. */
      time: z.nullable(z.string()),
    }),
  ),
  bib: z.nullable(
    z.object({
      id: z.string(),
      bib: z.number(),
      /** When it was typed (ISO, the bib phone's clock): beside the tap's, it shows where a gap is. */
      at: z.string(),
      /** The entrant's name; null for a bib no entry of this race has. */
      name: z.nullable(z.string()),
      /** What stops it becoming a result: an unknown bib, one of another race, one typed twice. */
      problem: z.nullable(z.string()),
    }),
  ),
});
export type FinishLineRow = z.infer<typeof FinishLineRowSchema>;

export const FinishLineMergeSchema = z.object({
  race: z.object({ id: z.string(), discipline: z.enum(DISCIPLINES), label: z.string() }),
  /** The start tapped on the timing phone (ISO); null until then. */
  startedAt: z.nullable(z.string()),
  rows: z.array(FinishLineRowSchema),
  /** Why it cannot be saved as results yet; empty when it can. */
  problems: z.array(z.string()),
});
export type FinishLineMerge = z.infer<typeof FinishLineMergeSchema>;

/** A missed tap, inserted by the finish time read off a watch or video ("52:14"). */
export const InsertTapSchema = z.object({ time: z.string().check(z.minLength(1, 'Enter the finish time')) });
/** A missed bib, inserted after the bib row `after` (null: first). */
export const InsertBibSchema = z.object({ bib: Bib, after: z.nullable(z.string()) });
export type InsertBib = z.infer<typeof InsertBibSchema>;

export const FinishSavedSchema = z.object({ saved: z.number() });
