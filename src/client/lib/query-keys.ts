/**
 * The keys of the queries that a change in one feature makes out of date in another. The owning feature's
 * query options take their key from here and the other feature invalidates through it, so neither imports
 * the other (decision record 015). A key only its own feature uses stays in that feature's query options.
 */
export const queryKeys = {
  /** The fun run as the public pages show it (GET /api/event): settings, entries and sign-in change it. */
  event: ['event'],
  /** Both sets of the admin's dashboard figures: a change to entries, people or the event dates them. */
  dashboard: ['dashboard'],
  /** An entry by its private link: a payment online changes it. */
  myEntry: (token: string) => ['my-entry', token] as const,
  /** What a pay link shows (payments' online section reads it as the offer): a payment through it changes it. */
  payLink: (token: string) => ['pay-link', token] as const,
  /** The men's programme as his own pages show it: the programme settings and his profile change it. */
  myProgress: ['programme', 'me', 'progress'],
  programmeSessions: ['programme', 'sessions'],
  /** Cell groups with attendance at `sessionId` (null: none); with no argument, the key of them all. */
  cellGroups: (sessionId?: string | null) =>
    sessionId === undefined
      ? (['programme', 'groups'] as const)
      : (['programme', 'groups', sessionId] as const),
  /** One man's progress; with no man, the key of every man's. */
  manProgress: (manId?: string) =>
    manId === undefined ? (['programme', 'man'] as const) : (['programme', 'man', manId] as const),
} as const;
