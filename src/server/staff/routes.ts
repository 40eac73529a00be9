import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainText } from '../../shared/schema/fields.ts';
import { MAX_PASSWORD_LENGTH } from '../../shared/staff/account-messages.ts';
import { type LoginAnswer, loginAnswerSchema, signedInAdminSchema } from '../../shared/staff/session.ts';
import { TWO_STEP_CHALLENGE_MINUTES } from '../../shared/staff/two-step.ts';
import { twoStepCodeSchema } from '../../shared/staff/two-step-schemas.ts';
import type { AppConfig } from '../env.ts';
import { errorBody } from '../http/error-mapper.ts';
import { clientAddressKey } from '../http/rate-limits.ts';
import { tooManyAttempts } from '../lib/errors.ts';
import { normaliseEmail } from './admins.ts';
import {
  clearSessionCookie,
  rejectCrossSite,
  sessionToken,
  setSessionCookie,
  signedInAdmin,
} from './guard.ts';
import { endSession } from './sessions.ts';
import { challengeExpired, signedInAnswer, signInWithCode, signInWithPassword } from './sign-in.ts';
import { challengeAccountId } from './two-step.ts';

const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

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

/** Answers 429 with Retry-After once any of the limiters has counted too many attempts. */
function limitedBy(limiters: readonly ReturnType<FastifyInstance['createRateLimit']>[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw tooManyAttempts(TOO_MANY_ATTEMPTS);
      }
    }
  };
}

/** Sign-in (password, then the code when two-step sign-in is on) and sign-out: open to everyone, with the CSRF check. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = { max: app.config.loginRateLimitPer15Min, timeWindow: '15 minutes' };
  // Two counters, so neither many e-mails from one address nor one e-mail from many addresses gets far.
  const perAddress = app.createRateLimit({
    ...limits,
    keyGenerator: (request) => `sign-in ip:${clientAddressKey(request)}`,
  });
  const perEmail = app.createRateLimit({
    ...limits,
    keyGenerator: (request) =>
      `sign-in email:${normaliseEmail((request.body as z.output<typeof loginBodySchema>).email)}`,
  });
  // The code step counts per address and per account, so a stolen password cannot try every code.
  const codesPerAddress = app.createRateLimit({
    ...limits,
    keyGenerator: (request) => `two-step ip:${clientAddressKey(request)}`,
  });
  const codesPerAccount = app.createRateLimit({
    ...limits,
    keyGenerator: async (request) => {
      const token = challengeToken(request);
      const accountId = token ? await challengeAccountId(app.db, token, app.clock()) : null;
      return `two-step account:${accountId ?? 'none'}`;
    },
  });

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
      preHandler: limitedBy([perAddress, perEmail]),
    },
    async (request, reply): Promise<LoginAnswer> => {
      const { email, password } = request.body;
      const result = await signInWithPassword(app.db, email, password, app.clock());
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
      preHandler: limitedBy([codesPerAddress, codesPerAccount]),
    },
    async (request, reply) => {
      const token = challengeToken(request);
      if (!token) throw challengeExpired();
      const { admin, sessionToken } = await signInWithCode(app.db, token, request.body.code, app.clock());
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
