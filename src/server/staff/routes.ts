import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainText } from '../../shared/schema/fields.ts';
import { signedInAdminSchema } from '../../shared/staff/session.ts';
import { errorBody } from '../http/error-mapper.ts';
import { clientAddressKey } from '../http/rate-limits.ts';
import { invalidCredentials, tooManyAttempts } from '../lib/errors.ts';
import { authenticate, normaliseEmail } from './admins.ts';
import {
  clearSessionCookie,
  rejectCrossSite,
  sessionToken,
  setSessionCookie,
  signedInAdmin,
} from './guard.ts';
import { MAX_PASSWORD_LENGTH } from './passwords.ts';
import { endSession, startSession } from './sessions.ts';

const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

const loginBodySchema = z.object({
  email: plainText(z.string().max(320), 'Email'),
  password: z.string().max(MAX_PASSWORD_LENGTH),
});

/** Sign-in and sign-out: open to everyone, with the CSRF check. */
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

  app.post(
    '/api/auth/login',
    {
      schema: {
        body: loginBodySchema,
        response: {
          200: signedInAdminSchema,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
      onRequest: rejectCrossSite,
      preHandler: async (request, reply) => {
        for (const limiter of [perAddress, perEmail]) {
          const result = await limiter(request);
          if (!result.isAllowed && result.isExceeded) {
            reply.header('retry-after', result.ttlInSeconds);
            throw tooManyAttempts(TOO_MANY_ATTEMPTS);
          }
        }
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const admin = await authenticate(app.db, request.body.email, request.body.password, now);
      if (!admin) throw invalidCredentials();
      setSessionCookie(reply, await startSession(app.db, admin.id, now));
      return { email: admin.email };
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
  app.get('/api/auth/me', { schema: { response: { 200: signedInAdminSchema } } }, async (request) => ({
    email: signedInAdmin(request).email,
  }));
};
