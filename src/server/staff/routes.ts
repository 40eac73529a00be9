import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainText } from '#shared/schema/fields.ts';
import { MAX_PASSWORD_LENGTH } from '#shared/staff/account-messages.ts';
import { type LoginAnswer, loginAnswerSchema, signedInAdminSchema } from '#shared/staff/session.ts';
import { TWO_STEP_CHALLENGE_MINUTES } from '#shared/staff/two-step.ts';
import { twoStepCodeSchema } from '#shared/staff/two-step-schemas.ts';
import type { AppConfig } from '../env.ts';
import { errorBody } from '../http/error-mapper.ts';
import {
  clearSessionCookie,
  rejectCrossSite,
  sessionToken,
  setSessionCookie,
  signedInAdmin,
} from './guard.ts';
import { endSession } from './sessions.ts';
import { challengeExpired, signedInAnswer, signInWithCode, signInWithPassword } from './sign-in.ts';
import { countingFailures, signInLimits } from './sign-in-limits.ts';
import { challengeAccountId } from './two-step.ts';

const loginBodySchema = z.object({
  email: plainText(z.string().max(320), 'Email'),
  password: z.string().max(MAX_PASSWORD_LENGTH),
});

/** The pass from the password step to the code step (see two-step.ts), in its own HttpOnly cookie. */
function challengeCookieName(config: AppConfig): string {
  return config.isProduction ? '__Host-rc_two_step' : 'rc_two_step';
}

function challengeCookieOptions(config: AppConfig) {
  return { httpOnly: true, sameSite: 'strict', secure: config.isProduction, path: '/' } as const;
}

function challengeToken(request: FastifyRequest): string | undefined {
  return request.cookies[challengeCookieName(request.server.config)] || undefined;
}

/** Sign-in (password, then the code when two-step sign-in is on) and sign-out: open to everyone, with the CSRF check. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Failures are counted per address and per account, so neither many e-mails from one address nor one
  // e-mail from many addresses gets far.
  const limits = signInLimits(app);

  app.post(
    '/api/auth/login',
    {
      schema: {
        body: loginBodySchema,
        response: {
          200: loginAnswerSchema,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
      onRequest: rejectCrossSite,
    },
    async (request, reply): Promise<LoginAnswer> => {
      const { email, password } = request.body;
      const result = await countingFailures(app, reply, [limits.address(request), limits.email(email)], () =>
        signInWithPassword(app.db, email, password, app.clock()),
      );
      if (result.outcome === 'two-step') {
        reply.setCookie(challengeCookieName(app.config), result.challengeToken, {
          ...challengeCookieOptions(app.config),
          maxAge: TWO_STEP_CHALLENGE_MINUTES * 60,
        });
        return { twoStep: true };
      }
      setSessionCookie(reply, result.sessionToken);
      return signedInAnswer(app.db, result.admin);
    },
  );

  app.post(
    '/api/auth/login/two-step',
    {
      schema: {
        body: twoStepCodeSchema,
        response: {
          200: signedInAdminSchema,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
      onRequest: rejectCrossSite,
    },
    async (request, reply) => {
      const token = challengeToken(request);
      const accountId = token ? await challengeAccountId(app.db, token, app.clock()) : null;
      const counters = [limits.address(request), ...(accountId ? [limits.account(accountId)] : [])];
      const { admin, sessionToken } = await countingFailures(app, reply, counters, () => {
        if (!token) throw challengeExpired();
        return signInWithCode(app.db, token, request.body.code, app.clock());
      });
      reply.clearCookie(challengeCookieName(app.config), challengeCookieOptions(app.config));
      setSessionCookie(reply, sessionToken);
      return signedInAnswer(app.db, admin);
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { response: { 204: z.undefined(), 403: errorBody } }, onRequest: rejectCrossSite },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await endSession(app.db, token);
      clearSessionCookie(reply);
      return reply.code(204).send();
    },
  );
};

/** Who is signed in: behind the admin guard, so 401 without a session. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/me', { schema: { response: { 200: signedInAdminSchema } } }, async (request) =>
    signedInAnswer(app.db, signedInAdmin(request)),
  );
};
