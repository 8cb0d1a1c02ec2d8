import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/accounts/account.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Links } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/repository.ts';
import { signUpContext } from './account-kind.ts';
import { existingAccountMail, resetPasswordMail, verificationMail } from './auth-mail.ts';

const DAY = 60 * 60 * 24;

export interface AuthDependencies {
  links: Links;
  db: Database;
  mailer: Mailer;
  secret: string;
  log: FastifyBaseLogger;
  /**
   * What the app does once an account's email is verified (the programme links the account to its record).
   * Given by the app, so that auth imports no feature (features import the context, which names Auth).
   */
  afterEmailVerified?: (user: { id: string }) => Promise<void>;
}

export function createAuth({ links, db, mailer, secret, log, afterEmailVerified }: AuthDependencies) {
  const send = async (mail: { to: string; subject: string; text: string }) => {
    await enqueueMail(db, mail);
    mailer.kick();
  };
  return betterAuth({
    appName: 'Celebration',
    baseURL: links.site,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [...links.origins],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => send(resetPasswordMail(user, url)),
      // Sign-up answers the same whether or not the email is taken; the owner hears about the attempt.
      onExistingUserSignUp: async ({ user }) => send(existingAccountMail(user, links.page('/About'))),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => send(verificationMail(user, url)),
      afterEmailVerification: async (user) => afterEmailVerified?.(user),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const signUp = signUpContext.getStore();
            return {
              data: {
                ...user,
                role: signUp?.role ?? user.role ?? 'participant',
                privacyVersion: signUp?.privacyVersion ?? null,
              },
            };
          },
        },
      },
    },
    // Seven days, renewed at most once a day while the account is used (a sliding expiry).
    session: { expiresIn: 7 * DAY, updateAge: DAY },
    // Limits are per IP and per email in our routes (see account-routes.ts), where RATE_LIMITS applies.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: links.site.startsWith('https:'),
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    // Only warnings and errors, in our JSON log: better-auth's info lines name email addresses.
    logger: {
      level: 'warn',
      log: (level, message) => log[level === 'error' ? 'error' : 'warn']({ auth: true }, message),
    },
    // Set by the hook above only: no request can choose it.
    user: { additionalFields: { privacyVersion: { type: 'number', required: false, input: false } } },
    plugins: [admin({ defaultRole: 'participant', adminRoles: ['admin'] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
