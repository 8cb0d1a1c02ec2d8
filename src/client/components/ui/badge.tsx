const TONES = {
  good: 'bg-green-100 text-green-900',
  warn: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
  plain: 'bg-stone-200 text-stone-900',
};

/** A short state word (Verified, Incomplete, Applicant) in a coloured pill. */
export function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** " Minor" after a name, for an entrant under 18 (lists show whether, not the age). */
export function MinorMark({ minor }: { minor: boolean }) {
  if (!minor) return null;
  return (
    <>
      {' '}
      <Badge tone="warn">Minor</Badge>
    </>
  );
}
