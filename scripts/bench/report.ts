import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatBudget, formatValue, type Measurement } from './figures.ts';
import type { Machine } from './machine.ts';

export interface Report {
  date: string;
  durationSeconds: number;
  commit: string;
  machine: Machine;
  /** Share of the CPUs busy with other work when the measurements began (after waiting up to 15 s for quiet). */
  cpuBusyAtStartPercent: number;
  measurements: Measurement[];
}

interface Row {
  figure: string;
  value: string;
  budget: string;
  result: string;
}

function rows(measurements: Measurement[]): Row[] {
  return measurements.flatMap((m) =>
    m.error
      ? [{ figure: m.title, value: 'not measured', budget: '', result: 'ERROR' }]
      : m.figures.map((f) => ({
          figure: f.name,
          value: formatValue(f.value, f.unit),
          budget: formatBudget(f.budget, f.unit),
          result: f.outcome === 'report only' ? '—' : f.outcome.toUpperCase(),
        })),
  );
}

export function printTable(report: Report) {
  const table = rows(report.measurements);
  const width = (key: keyof Row, title: string) =>
    Math.max(title.length, ...table.map((row) => row[key].length));
  const widths = {
    figure: width('figure', 'Figure'),
    value: width('value', 'Value'),
    budget: width('budget', 'Budget'),
  };
  const line = (row: Row) =>
    `${row.figure.padEnd(widths.figure)}  ${row.value.padStart(widths.value)}  ${row.budget.padEnd(widths.budget)}  ${row.result}`;
  console.log(`\n━━ Summary (${report.durationSeconds.toFixed(0)} s)`);
  console.log(line({ figure: 'Figure', value: 'Value', budget: 'Budget', result: 'Result' }));
  for (const row of table) console.log(line(row));
  for (const m of report.measurements) for (const note of m.notes) console.log(`• ${note}`);
  for (const m of report.measurements) if (m.error) console.log(`✗ ${m.title} broke: ${m.error}`);
}

export function missedBudgets(report: Report): string[] {
  return report.measurements.flatMap((m) => m.figures.filter((f) => f.outcome === 'fail').map((f) => f.name));
}

function markdown(report: Report): string {
  const { machine } = report;
  const missed = missedBudgets(report);
  const broken = report.measurements.filter((m) => m.error);
  const lines = [
    '# Bench results',
    '',
    `Written by \`npm run bench\` on ${report.date} in ${report.durationSeconds.toFixed(0)} s, commit ${report.commit}.`,
    '',
    '## Machine',
    '',
    `- CPU: ${machine.cpu}, ${machine.cores} cores`,
    `- Memory: ${machine.memoryGiB} GiB`,
    `- OS: ${machine.os}`,
    `- Node ${machine.node}, PostgreSQL ${machine.postgres}, Chromium ${machine.chromium}, Lighthouse ${machine.lighthouse}`,
    `- CPUs busy with other work when the measurements began: ${report.cpuBusyAtStartPercent.toFixed(0)}%` +
      (report.cpuBusyAtStartPercent > 10 ? ' (the figures may be low)' : ''),
    '',
    '## Summary',
    '',
    missed.length === 0 ? 'Every budget is met.' : `Budgets missed: ${missed.join(', ')}.`,
    ...(broken.length
      ? ['', `Not measured (the bench broke): ${broken.map((m) => m.title).join(', ')}.`]
      : []),
    '',
    '| Figure | Value | Budget | Result |',
    '| --- | ---: | --- | --- |',
    ...rows(report.measurements).map(
      (row) => `| ${row.figure} | ${row.value} | ${row.budget} | ${row.result} |`,
    ),
  ];
  for (const m of report.measurements) {
    lines.push('', `## ${m.title}`, '', `Method: ${m.method}`, '', `Took ${m.seconds.toFixed(0)} s.`);
    if (m.error) lines.push('', '```', m.error, '```');
    if (m.breakdown?.length) lines.push('', ...m.breakdown.map((line) => `- ${line}`));
    if (m.notes.length) lines.push('', ...m.notes.map((note) => `- ${note}`));
  }
  return `${lines.join('\n')}\n`;
}

export function writeReport(report: Report, dir = 'bench') {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(dir, 'RESULTS.md'), markdown(report));
  console.log(`\nWrote ${dir}/results.json and ${dir}/RESULTS.md`);
}
