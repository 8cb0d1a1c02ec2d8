// Plain values, no zod: the landing page and /Privacy show them and stay small.

/** The list is deleted once mailed, or after this many months at the latest (the retention run). */
export const NEXT_YEAR_KEPT_MONTHS = 12;

/** What the consent box on "Tell me about next year" says: what the address is for, and for how long. */
export const NEXT_YEAR_CONSENT = `Email me once when next year’s fun run opens for registration. My address is kept for that one email only, and deleted after it (or after ${NEXT_YEAR_KEPT_MONTHS} months at the latest).`;
