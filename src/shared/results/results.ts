import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { oneLine } from '../validation.ts';

/** A finisher, or why there is no time: did not finish, did not start, disqualified. */
export const RESULT_STATUSES = ['finished', 'dnf', 'dns', 'dq'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
export const RESULT_STATUS_LABELS: Record<ResultStatus, string> = {
  finished: 'Finished',
  dnf: 'DNF',
  dns: 'DNS',
  dq: 'DQ',
};

/** What one timer's file may be: a race day's finishers, not a city marathon's. */
export const RESULTS_FILE_LIMITS = { rows: 10_000, fileBytes: 2 * 1024 * 1024 } as const;

/** The file's columns the import reads, by their headings: bib and time, and optionally place and status. */
export const ResultsMappingSchema = z.object({
  bib: oneLine(200),
  time: oneLine(200),
  place: z.optional(oneLine(200)),
  status: z.optional(oneLine(200)),
});
export type ResultsMapping = z.infer<typeof ResultsMappingSchema>;

/** A file's headings and first rows, and the columns guessed from the headings ("Bib", "Chip time", "Pos"). */
export const ResultsPreviewSchema = z.object({
  columns: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  rows: z.number(),
  mapping: z.object({
    bib: z.nullable(z.string()),
    time: z.nullable(z.string()),
    place: z.nullable(z.string()),
    status: z.nullable(z.string()),
  }),
});
export type ResultsPreview = z.infer<typeof ResultsPreviewSchema>;

/** One thing to fix in the file: its row as the spreadsheet numbers it (headings are row 1) and column. */
export const ResultsFileErrorSchema = z.object({
  row: z.number(),
  column: z.string(),
  message: z.string(),
});

/** The file checked against the entries: how many rows are ready and what to fix first (nothing is saved). */
export const ResultsCheckSchema = z.object({
  ready: z.number(),
  errors: z.array(ResultsFileErrorSchema),
});
export type ResultsCheck = z.infer<typeof ResultsCheckSchema>;

export const ResultsImportedSchema = z.object({
  /** Results written (new or changed); those already the same are counted in `unchanged`. */
  imported: z.number(),
  unchanged: z.number(),
});

/** A result as the organisers see it before and after publishing: the entry, its result and its place. */
export const AdminResultSchema = z.object({
  registrationId: z.string(),
  reference: z.string(),
  bib: z.nullable(z.number()),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(RESULT_STATUSES),
  /** "52:14"; null unless finished. */
  time: z.nullable(z.string()),
  /** Overall place in the race among finishers; null for the others. */
  place: z.nullable(z.number()),
});
export type AdminResult = z.infer<typeof AdminResultSchema>;

export const AdminResultsSchema = z.object({
  /** When they were published; null: preliminary, seen by organisers only. */
  publishedAt: z.nullable(z.string()),
  races: z.array(
    z.object({
      id: z.string(),
      discipline: z.enum(DISCIPLINES),
      label: z.string(),
      results: z.array(AdminResultSchema),
    }),
  ),
});
export type AdminResults = z.infer<typeof AdminResultsSchema>;

/** An organiser's correction of one result (after publishing too, kept in the entry's history). */
export const ResultCorrectionSchema = z.object({
  status: z.enum(RESULT_STATUSES, { error: 'Choose Finished, DNF, DNS or DQ' }),
  /** The time as typed ("52:14"); asked for a finisher only. */
  time: z.optional(z.string()),
});
export type ResultCorrection = z.infer<typeof ResultCorrectionSchema>;
