import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import {
  forgotPasswordSchema,
  invitationSchema,
  linkTokenSchema,
  messageAnswerSchema,
  newPasswordSchema,
  staffAccountSchema,
  staffChangeSchema,
  staffInviteSchema,
} from '#shared/staff/accounts.ts';
import { signedInAdminSchema } from '#shared/staff/session.ts';
import { errorBody, fieldErrorBody } from '../http/error-mapper.ts';
import { errorAnswers, idParams, staffFormConfig, thenSendMail } from '../http/route-parts.ts';
import { tooManyAttempts } from '../lib/errors.ts';
import { acceptInvitation, changeStaff, findInvitation, inviteStaff, listStaff } from './accounts.ts';
import { normaliseEmail } from './admins.ts';
import { rejectCrossSite, setSessionCookie, signedInAdmin } from './guard.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { startSession } from './sessions.ts';
import { signedInAnswer } from './sign-in.ts';

/** The owner's staff accounts (issue 19): registered behind the admin guard, which admits owners only. */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/staff', { schema: { response: { 200: z.array(staffAccountSchema) } } }, async () =>
    listStaff(app.db),
  );

  app.post(
    '/api/admin/staff',
    {
      schema: {
        body: staffInviteSchema,
        response: { 201: staffAccountSchema, 400: errorBody, 409: fieldErrorBody },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const account = inviteStaff(app.db, request.body, {
        by: signedInAdmin(request),
        now: app.clock(),
        venue: (await app.content.current()).venue,
        publicUrl: app.config.publicUrl,
      });
      return reply.code(201).send(await thenSendMail(app, account));
    },
  );

  app.patch(
    '/api/admin/staff/:id',
    {
      schema: {
        params: idParams,
        body: staffChangeSchema,
        response: { 200: staffAccountSchema, ...errorAnswers(400, 404, 409) },
      },
    },
    async (request) =>
      changeStaff(app.db, request.params.id, request.body, { by: signedInAdmin(request), now: app.clock() }),
  );
};

/**
 * The links staff reach from an e-mail (an invitation, a password reset) and "Forgot your password?": open to
 * everyone, with the CSRF check and the sign-in's rate limits per address (a pub's staff share one) and, for a
 * reset, per e-mail.
 */
export const staffLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeWindow = '15 minutes';
  const rateLimit = {
    max: app.config.loginAddressRateLimitPer15Min,
    timeWindow,
    errorResponseBuilder: () => tooManyAttempts(STAFF_ACCOUNT_MESSAGES.tooManyAttempts),
  };
  const perEmail = app.createRateLimit({
    max: app.config.loginRateLimitPer15Min,
    timeWindow,
    keyGenerator: (request) =>
      `password-reset email:${normaliseEmail((request.body as z.output<typeof forgotPasswordSchema>).email)}`,
  });

  app.get(
    '/api/auth/invite/:token',
    {
      schema: {
        params: z.object({ token: linkTokenSchema }),
        response: { 200: invitationSchema, ...errorAnswers(400, 404, 429) },
      },
      config: { rateLimit },
    },
    async (request) => findInvitation(app.db, request.params.token, app.clock()),
  );

  app.post(
    '/api/auth/invite/accept',
    {
      schema: {
        body: newPasswordSchema,
        response: { 200: signedInAdminSchema, ...errorAnswers(400, 403, 404, 429) },
      },
      onRequest: rejectCrossSite,
      config: { rateLimit },
    },
    async (request, reply) => {
      const now = app.clock();
      const admin = await acceptInvitation(app.db, request.body, now);
      setSessionCookie(reply, await startSession(app.db, admin.id, now));
      return signedInAnswer(app.db, admin);
    },
  );

  app.post(
    '/api/auth/forgot',
    {
      schema: {
        body: forgotPasswordSchema,
        response: { 202: messageAnswerSchema, ...errorAnswers(400, 403, 429) },
      },
      onRequest: rejectCrossSite,
      config: { rateLimit, plainValidationMessages: true },
      preHandler: async (request, reply) => {
        const result = await perEmail(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw tooManyAttempts(STAFF_ACCOUNT_MESSAGES.tooManyAttempts);
        }
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const now = app.clock();
      // Looking the address up after answering keeps a staff member's e-mail from taking longer than a
      // stranger's, which would tell an outsider who works here.
      app.afterResponse.run(reply, 'queueing a password reset e-mail', async () => {
        const sent = await requestPasswordReset(app.db, email, {
          now,
          venue: (await app.content.current()).venue,
          publicUrl: app.config.publicUrl,
        });
        if (sent) app.mail.nudge();
      });
      return reply.code(202).send({ message: STAFF_ACCOUNT_MESSAGES.resetRequested(email) });
    },
  );

  app.post(
    '/api/auth/reset',
    {
      schema: {
        body: newPasswordSchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(400, 403, 404, 429) },
      },
      onRequest: rejectCrossSite,
      config: { rateLimit },
    },
    async (request) => {
      await resetPassword(app.db, request.body, app.clock());
      return { message: STAFF_ACCOUNT_MESSAGES.passwordChanged };
    },
  );
};
