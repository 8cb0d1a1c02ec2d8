/** What a measurement reports: figures with optional budgets, and how they were obtained. */

export type Outcome = 'pass' | 'fail' | 'report only';

export interface Budget {
  comparison: '<=' | '>=';
  limit: number;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: Budget;
  outcome: Outcome;
}

export interface MeasurementSpec {
  id: string;
  title: string;
  /** How the figures were obtained, in a sentence or three: printed with them. */
  method: string;
}

export interface MeasurementResult {
  figures: Figure[];
  /** Findings worth reading next to the figures, e.g. why a budget was missed. */
  notes: string[];
  /** Raw material behind the figures (files per route, audit lists, tool output). */
  details: unknown;
  /** A few lines of that material worth reading in RESULTS.md. */
  breakdown?: string[];
}

export interface Measurement extends MeasurementSpec, MeasurementResult {
  seconds: number;
  /** Set when the measurement itself broke (as opposed to missing a budget). */
  error?: string;
}

export function figure(name: string, value: number, unit: string, budget?: Budget): Figure {
  if (!budget) return { name, value, unit, outcome: 'report only' };
  const met = budget.comparison === '<=' ? value <= budget.limit : value >= budget.limit;
  return { name, value, unit, budget, outcome: met ? 'pass' : 'fail' };
}

export const atMost = (limit: number): Budget => ({ comparison: '<=', limit });
export const atLeast = (limit: number): Budget => ({ comparison: '>=', limit });

/** Runs one measurement; an exception becomes an `error` on it instead of ending the bench. */
export async function measure(
  spec: MeasurementSpec,
  body: () => Promise<MeasurementResult>,
): Promise<Measurement> {
  console.log(`\n━━ ${spec.title}`);
  const started = Date.now();
  try {
    const result = await body();
    return { ...spec, ...result, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${spec.title} broke: ${message}`);
    return {
      ...spec,
      figures: [],
      notes: [],
      details: null,
      error: message,
      seconds: (Date.now() - started) / 1000,
    };
  }
}

export function formatValue(value: number, unit: string): string {
  if (unit === 'score') return value.toFixed(2);
  if (unit === '×') return `${value.toFixed(2)}×`;
  if (unit === 's') return `${value.toFixed(2)} s`;
  const number = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return unit ? `${number} ${unit}` : number;
}

export function formatBudget(budget: Budget | undefined, unit: string): string {
  if (!budget) return '—';
  return `${budget.comparison === '<=' ? '≤' : '≥'} ${formatValue(budget.limit, unit)}`;
}
