import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  AcceptInvitationSchema,
  CompanySignUpSchema,
  EmailOnlySchema,
  ResetPasswordSchema,
  SessionSchema,
  SignInSchema,
  SignUpSchema,
} from '../../../shared/accounts/account.ts';
import { safeNextPath } from '../../../shared/safe-next-path.ts';
import { signUpContext } from '../../auth/account-kind.ts';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { AUTH_LIMITS } from '../../http/limits.ts';
import { badRequest, Problem } from '../../http/problem.ts';
import { limitPerIpAndEmail, limitSignIn } from '../../http/rate-limits.ts';
import { routeGroup } from '../../http/route-group.ts';
import { currentPrivacyVersion } from '../events/service.ts';
import { invitationAccepted, invitationLinkUsed, inviteeOfLink } from './service.ts';

const Accepted = z.object({ message: z.string() });

/** Our sentences for better-auth's error codes; the sign-in message never says whether an account exists. */
const MESSAGES: Record<string, [number, string]> = {
  INVALID_EMAIL_OR_PASSWORD: [401, 'Email or password is incorrect'],
  EMAIL_NOT_VERIFIED: [
    403,
    'Your email address is not verified yet. Open the link in the email we sent you, or send a new one.',
  ],
  BANNED_USER: [403, 'This account has been disabled. Please contact the organisers.'],
  INVALID_TOKEN: [400, 'This link has expired or was already used. Ask for a new one.'],
  PASSWORD_TOO_SHORT: [400, 'Password must be at least 10 characters'],
  PASSWORD_TOO_LONG: [400, 'Password must be at most 128 characters'],
};

/** Calls better-auth, passes on its cookies, and turns its errors into our problem+json. */
async function callAuth<T>(
  reply: FastifyReply,
  call: () => Promise<{ headers: Headers; response: T }>,
): Promise<T> {
  try {
    const { headers, response } = await call();
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return response;
  } catch (error) {
    // better-auth loads on first use (auth/lazy-auth.ts); it is loaded by the time a call fails.
    const { APIError } = await import('better-auth/api');
    if (error instanceof APIError) {
      const code = String(error.body?.code ?? '');
      const [status, message] = MESSAGES[code] ?? [
        error.statusCode,
        error.body?.message ?? 'Please try again.',
      ];
      const title = status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Bad Request';
      throw new Problem(status, title, message, undefined, undefined, code);
    }
    throw error;
  }
}

const headersOf = (request: FastifyRequest) => fromNodeHeaders(request.headers);

export async function sessionRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: 'public', tags: ['accounts'] });
  const { auth } = context;
  const signUpLimits = limitPerIpAndEmail(app, context, AUTH_LIMITS.signUp);
  const signInLimits = limitSignIn(context);
  const emailLinkLimits = limitPerIpAndEmail(app, context, AUTH_LIMITS.emailLink);
  const checkYourEmail = { message: 'Check your email for verification link' };

  for (const [path, schema, role, summary] of [
    ['/account/sign-up', SignUpSchema, 'participant', 'Create an account (a verification email is sent)'],
    ['/account/company-sign-up', CompanySignUpSchema, 'company', 'Create a company team account'],
  ] as const) {
    api.post(
      path,
      {
        config: { rateLimit: signUpLimits.rateLimit },
        preHandler: signUpLimits.preHandler,
        schema: { summary, body: schema, response: { 202: Accepted } },
      },
      async (request, reply) => {
        const { name, email, password } = request.body;
        const privacyVersion = await currentPrivacyVersion(context.database.db);
        await signUpContext.run({ role, privacyVersion }, () =>
          callAuth(reply, () =>
            auth.api.signUpEmail({
              body: { name, email, password, callbackURL: '/About' },
              headers: headersOf(request),
              returnHeaders: true,
            }),
          ),
        );
        return reply.code(202).send(checkYourEmail);
      },
    );
  }

  api.post(
    '/account/sign-in',
    {
      config: { rateLimit: signInLimits.rateLimit },
      preHandler: signInLimits.preHandler,
      onSend: signInLimits.onSend,
      schema: { summary: 'Sign in', body: SignInSchema, response: { 200: SessionSchema } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await callAuth(reply, () =>
        auth.api.signInEmail({ body: { email, password }, headers: headersOf(request), returnHeaders: true }),
      );
      const { id, name, role } = result.user as { id: string; name: string; role?: string };
      return { user: { id, name, email: result.user.email, role: role as never } };
    },
  );

  api.post(
    '/account/sign-out',
    { schema: { summary: 'Sign out (ends the session on the server)', tags: ['accounts'] } },
    async (request, reply) => {
      if (await currentUser(auth, request)) {
        await callAuth(reply, () => auth.api.signOut({ headers: headersOf(request), returnHeaders: true }));
      }
      return reply.code(204).send();
    },
  );

  api.get(
    '/account/session',
    { schema: { summary: 'The signed-in account, if any', response: { 200: SessionSchema } } },
    async (request, reply) => {
      // A public route whose answer is personal: the no-store hook covers routes that need an account.
      reply.header('cache-control', 'no-store');
      return { user: await currentUser(auth, request) };
    },
  );

  api.post(
    '/account/resend-verification',
    {
      config: { rateLimit: emailLinkLimits.rateLimit },
      preHandler: emailLinkLimits.preHandler,
      schema: {
        summary: 'Send the verification email again',
        body: EmailOnlySchema,
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      // better-auth answers alike for unknown and already verified addresses.
      await callAuth(reply, () =>
        auth.api.sendVerificationEmail({
          body: { email: request.body.email, callbackURL: '/About' },
          headers: headersOf(request),
          returnHeaders: true,
        }),
      );
      return reply.code(202).send(checkYourEmail);
    },
  );

  api.post(
    '/account/forgot-password',
    {
      config: { rateLimit: emailLinkLimits.rateLimit },
      preHandler: emailLinkLimits.preHandler,
      schema: { summary: 'Email a password reset link', body: EmailOnlySchema, response: { 202: Accepted } },
    },
    async (request, reply) => {
      await callAuth(reply, () =>
        auth.api.requestPasswordReset({
          body: { email: request.body.email, redirectTo: '/ResetPassword' },
          headers: headersOf(request),
          returnHeaders: true,
        }),
      );
      return reply.code(202).send({
        message: 'If an account uses this email, a link to reset the password is on its way.',
      });
    },
  );

  api.post(
    '/account/reset-password',
    {
      config: { rateLimit: emailLinkLimits.rateLimit },
      schema: {
        summary: 'Choose a new password with the emailed token',
        body: ResetPasswordSchema,
        response: { 200: Accepted },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      await callAuth(reply, () =>
        auth.api.resetPassword({
          body: { token, newPassword: password },
          headers: headersOf(request),
          returnHeaders: true,
        }),
      );
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  );

  api.post(
    '/account/accept-invitation',
    {
      config: { rateLimit: emailLinkLimits.rateLimit },
      schema: {
        summary: "Choose an invited account's password with the emailed token; signs in",
        body: AcceptInvitationSchema,
        response: { 200: SessionSchema },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const invitee = await inviteeOfLink(context, token);
      try {
        // better-auth checks the token again and uses it up (one of two at once wins), and sets the password.
        await callAuth(reply, () =>
          auth.api.resetPassword({
            body: { token, newPassword: password },
            headers: headersOf(request),
            returnHeaders: true,
          }),
        );
      } catch (error) {
        if (error instanceof Problem && error.code === 'INVALID_TOKEN') throw invitationLinkUsed();
        throw error;
      }
      await invitationAccepted(context, invitee.id);
      const { user } = await callAuth(reply, () =>
        auth.api.signInEmail({
          body: { email: invitee.email, password },
          headers: headersOf(request),
          returnHeaders: true,
        }),
      );
      const { id, name, email, role } = user as { id: string; name: string; email: string; role?: string };
      return { user: { id, name, email, role: role as never } };
    },
  );

  // The links in our emails (verification, password reset, invitation) lead here; better-auth checks the token
  // and redirects to our pages.
  for (const path of ['/auth/verify-email', '/auth/reset-password/:token']) {
    api.get(path, { schema: { hide: true } }, (request, reply) => forwardToAuth(context, request, reply));
  }
}

async function forwardToAuth(context: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, context.links.site);
  // better-auth redirects to callbackURL as given: a path it cannot put in a Location header is a 500
  // there, and one a browser reads as another site is an open redirect. Check what it will read.
  if (url.searchParams.getAll('callbackURL').some((callback) => safeNextPath(callback) === undefined)) {
    throw badRequest('This link is not valid.');
  }
  const response = await context.auth.handler(
    new Request(url, { method: 'GET', headers: headersOf(request) }),
  );
  reply.code(response.status);
  for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
