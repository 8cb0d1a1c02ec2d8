import pino from 'pino';
import * as z from 'zod/mini';
import { MIN_PASSWORD_LENGTH } from '../../shared/accounts/account.ts';
import { emailAddress, requiredText } from '../../shared/validation.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Env } from '../env.ts';
import { linksOf } from '../links.ts';
import { Mailer } from '../mail/mailer.ts';
import { createAuth } from './auth.ts';
import { sessionSecret } from './session-secret.ts';

export const AdminInputSchema = z.object({
  email: emailAddress,
  password: z.optional(
    z
      .string()
      .check(z.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)),
  ),
  name: z.optional(requiredText('a name')),
});

/**
 * Creates a verified admin who can sign in at once, or promotes an existing account (and sets its
 * password when one is given). Returns what it did, for the command's one-line answer.
 */
export async function createOrPromoteAdmin(
  env: Env,
  database: DatabaseHandle,
  input: z.output<typeof AdminInputSchema>,
): Promise<'created' | 'promoted'> {
  const log = pino({ level: 'silent' });
  const auth = createAuth({
    links: linksOf(env),
    db: database.db,
    mailer: new Mailer(env, database.db, log),
    secret: sessionSecret(env),
    log,
  });
  const { internalAdapter, password } = await auth.$context;
  const existing = await internalAdapter.findUserByEmail(input.email.toLowerCase());

  if (existing) {
    await internalAdapter.updateUser(existing.user.id, {
      role: 'admin',
      emailVerified: true,
      banned: false,
      banReason: null,
    });
    if (input.password) {
      const hash = await password.hash(input.password);
      const credential = await internalAdapter.findAccountByUserId(existing.user.id);
      if (credential.some((account) => account.providerId === 'credential')) {
        await internalAdapter.updatePassword(existing.user.id, hash);
      } else {
        await internalAdapter.linkAccount({
          userId: existing.user.id,
          providerId: 'credential',
          accountId: existing.user.id,
          password: hash,
        });
      }
    }
    return 'promoted';
  }

  if (!input.password || !input.name) {
    throw new Error('A new admin needs --name and --password (at least 10 characters).');
  }
  const user = await internalAdapter.createUser(
    {
      email: input.email.toLowerCase(),
      name: input.name,
      emailVerified: true,
      role: 'admin',
    },
    { method: 'admin' },
  );
  await internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await password.hash(input.password),
  });
  return 'created';
}
