import * as z from 'zod/mini';

/**
 * The account behind a name in the audit trail or an entry's history. A display name is whatever its holder
 * typed (a volunteer may call himself "RT Admin"), so the account's role and email, as they are now, say who
 * it is.
 */
export const ActorAccountSchema = z.object({
  /** Both null when the account no longer exists. */
  role: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** The first 8 characters of the account's id: what still tells accounts apart once one is deleted. */
  shortId: z.string(),
});
export type ActorAccount = z.infer<typeof ActorAccountSchema>;

/** The account's id, shortened for the eye: 8 characters tell the few staff accounts apart. */
export const shortAccountId = (id: string) => id.slice(0, 8);

/** "volunteer · rudo@example.com", or "account 1a2b3c4d, since deleted". */
export const actorAccountText = ({ role, email, shortId }: ActorAccount) =>
  role === null || email === null ? `account ${shortId}, since deleted` : `${role} · ${email}`;

/** The account as a query found it (left-joined: role and email null when it is gone); null for no account. */
export const actorAccountOf = (
  id: string | null,
  role: string | null,
  email: string | null,
): ActorAccount | null => (id === null ? null : { role, email, shortId: shortAccountId(id) });
