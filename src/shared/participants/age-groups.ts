/** The age bands of the start lists and results, youngest first: each from its age up to the next one's. */
export const AGE_GROUPS = [
  { from: 0, label: 'Under 18' },
  { from: 18, label: '18–29' },
  { from: 30, label: '30–39' },
  { from: 40, label: '40–49' },
  { from: 50, label: '50–59' },
  { from: 60, label: '60+' },
] as const;

export function ageGroup(age: number): string {
  let label: string = AGE_GROUPS[0].label;
  for (const group of AGE_GROUPS) if (age >= group.from) label = group.label;
  return label;
}
