import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ContentKey,
  canEditContent,
  contentSavedSchema,
  contentSaveSchema,
  contentVersionSchema,
  contentVersionSummarySchema,
} from '#shared/content/documents.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import { staffActor } from '../audit/trail.ts';
import { errorBody, refusalBody } from '../http/error-mapper.ts';
import { invalidFields, noAccess } from '../lib/errors.ts';
import type { Admin } from '../staff/admins.ts';
import { signedInAdmin } from '../staff/guard.ts';
import { refuseRemovingBookedTables } from '../tables/layout-change.ts';
import { contentKeyOf, contentKeyParams } from './routes.ts';

/** The document `key` names, if `admin` may change it: the privacy notice is the owner's alone. */
function editableBy(admin: Admin, key: string): ContentKey {
  const contentKey = contentKeyOf(key);
  if (!canEditContent(admin.role, contentKey)) throw noAccess();
  return contentKey;
}

/** Rules that ask for money are refused on a server that cannot take any (production without Stripe keys). */
function refuseRulesWithoutPayments(document: unknown, takesPayments: boolean): void {
  const rules = (document as { rules?: unknown } | null)?.rules;
  if (!takesPayments && Array.isArray(rules) && rules.length > 0) {
    throw invalidFields(DEPOSIT_MESSAGES.needsRulesPayments, [
      { path: 'rules', message: DEPOSIT_MESSAGES.needsRulesPayments },
    ]);
  }
}

/** Staff read, save and restore the content documents; registered behind the admin guard. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffMessages = { plainValidationMessages: true };

  app.get(
    '/api/admin/content/:key',
    {
      schema: { params: contentKeyParams, response: { 200: contentVersionSchema, 404: errorBody } },
      config: staffMessages,
    },
    async (request) => app.content.latest(contentKeyOf(request.params.key)),
  );

  app.put(
    '/api/admin/content/:key',
    {
      schema: {
        params: contentKeyParams,
        body: contentSaveSchema,
        response: {
          200: contentSavedSchema,
          400: refusalBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
      config: staffMessages,
    },
    async (request) => {
      const { baseVersion, document } = request.body;
      const admin = signedInAdmin(request);
      const key = editableBy(admin, request.params.key);
      if (key === 'deposit-rules') refuseRulesWithoutPayments(document, app.payments !== null);
      if (key === 'tables') {
        const before = (await app.content.current()).tables;
        await refuseRemovingBookedTables(app.db, { before, after: document }, app.clock());
      }
      const version = await app.content.save(key, baseVersion, document, {
        email: admin.email,
        at: app.clock(),
        actor: staffActor(admin),
      });
      return { version };
    },
  );

  app.get(
    '/api/admin/content/:key/versions',
    {
      schema: {
        params: contentKeyParams,
        response: { 200: z.array(contentVersionSummarySchema), 404: errorBody },
      },
      config: staffMessages,
    },
    async (request) => app.content.versions(contentKeyOf(request.params.key)),
  );

  app.post(
    '/api/admin/content/:key/versions/:version/restore',
    {
      schema: {
        params: contentKeyParams.extend({ version: z.coerce.number().int().positive() }),
        response: { 200: contentSavedSchema, 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
      config: staffMessages,
    },
    async (request) => {
      const { key, version } = request.params;
      const admin = signedInAdmin(request);
      const by = { email: admin.email, at: app.clock(), actor: staffActor(admin) };
      return { version: await app.content.restore(editableBy(admin, key), version, by) };
    },
  );
};
