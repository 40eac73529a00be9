import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TWO_STEP_TEXTS } from '#shared/staff/two-step.ts';
import {
  disableTwoStepSchema,
  recoveryCodesSchema,
  staffSettingsSchema,
  twoStepCodeSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
} from '#shared/staff/two-step-schemas.ts';
import { changedFields, recordAudit, staffActor } from '../audit/trail.ts';
import { errorBody } from '../http/error-mapper.ts';
import { conflict } from '../lib/errors.ts';
import { signedInAdmin } from './guard.ts';
import { readStaffSettings, writeStaffSettings } from './staff-settings.ts';
import { disableTwoStep, enableTwoStep, isTwoStepOn, startTwoStepSetup, twoStepStatus } from './two-step.ts';

/** Each account's own two-step sign-in (admin API, any role). */
export const twoStepRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/two-step', { schema: { response: { 200: twoStepStatusSchema } } }, async (request) =>
    twoStepStatus(app.db, signedInAdmin(request)),
  );

  app.post(
    '/api/auth/two-step/setup',
    { schema: { response: { 200: twoStepSetupSchema, 409: errorBody } } },
    async (request) => startTwoStepSetup(app.db, signedInAdmin(request)),
  );

  app.post(
    '/api/auth/two-step/enable',
    {
      schema: {
        body: twoStepCodeSchema,
        response: { 200: recoveryCodesSchema, 400: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      recoveryCodes: await enableTwoStep(app.db, signedInAdmin(request), request.body.code, app.clock()),
    }),
  );

  app.post(
    '/api/auth/two-step/disable',
    {
      schema: {
        body: disableTwoStepSchema,
        response: { 204: z.undefined(), 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await disableTwoStep(app.db, signedInAdmin(request), request.body.password, app.clock());
      return reply.code(204).send();
    },
  );
};

/** The owner's staff settings: whether managers and owners must use two-step sign-in. */
export const staffSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/staff/settings', { schema: { response: { 200: staffSettingsSchema } } }, async () =>
    readStaffSettings(app.db),
  );

  app.put(
    '/api/admin/staff/settings',
    {
      schema: {
        body: staffSettingsSchema,
        response: { 200: staffSettingsSchema, 400: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const owner = signedInAdmin(request);
      const settings = request.body;
      if (settings.requireTwoStep && !(await isTwoStepOn(app.db, owner.id))) {
        throw conflict(TWO_STEP_TEXTS.ownerFirst);
      }
      const now = app.clock();
      await app.db.transaction(async (tx) => {
        const before = await readStaffSettings(tx);
        await writeStaffSettings(tx, settings, now);
        const changes = changedFields(before, settings);
        if (Object.keys(changes).length === 0) return;
        await recordAudit(
          tx,
          {
            actor: staffActor(owner),
            type: 'staff.settings',
            subject: { type: 'staff-settings' },
            summary: settings.requireTwoStep
              ? 'Two-step sign-in required for managers and owners'
              : 'Two-step sign-in no longer required',
            changes,
          },
          now,
        );
      });
      return settings;
    },
  );
};
