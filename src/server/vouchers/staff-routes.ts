import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffVoucherListSchema,
  staffVoucherLookupSchema,
  staffVoucherSchema,
  voucherCodeField,
  voucherIssueSchema,
  voucherReasonSchema,
  voucherRedeemSchema,
} from '#shared/vouchers/api.ts';
import { refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, staffFormConfig, staffStamp, thenSendMail } from '../http/route-parts.ts';
import { countingMisses } from './lookup-limit.ts';
import { redeemVoucher } from './redeem.ts';
import {
  issueComplimentary,
  newestStaffVouchers,
  refundVoucher,
  resendVoucher,
  staffVoucherByCode,
  voidVoucher,
} from './staff.ts';

const codeParams = z.object({ code: voucherCodeField });
/** A refusal that may name the field it concerns (the amount over the balance, the recipient's e-mail, the reason). */
const fieldRefusal = refusalBody;

/**
 * The vouchers at the bar and in the office (issue 33): look one up by its code (or list the newest), redeem
 * part or all of it, and, for managers, give a complimentary one, void or refund one; anyone may send its e-mail
 * again. Every route naming a code counts the codes that match nothing (lookup-limit.ts).
 */
export const voucherStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = async (request: FastifyRequest) => {
    const content = await app.content.current();
    return {
      db: app.db,
      ...staffStamp(app, request),
      venue: content.venue,
      settings: content.vouchers,
      publicUrl: app.config.publicUrl,
    };
  };
  const byCode = <T>(request: FastifyRequest, reply: FastifyReply, lookUp: () => Promise<T>) =>
    countingMisses(app, request, reply, lookUp);

  app.get(
    '/api/admin/vouchers',
    {
      schema: {
        querystring: staffVoucherLookupSchema,
        response: {
          200: z.union([staffVoucherSchema, staffVoucherListSchema]),
          ...errorAnswers(400, 404, 429),
        },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const { code } = request.query;
      if (code === undefined) return { vouchers: await newestStaffVouchers(app.db, app.clock()) };
      return byCode(request, reply, () => staffVoucherByCode(app.db, code, app.clock()));
    },
  );

  app.post(
    '/api/admin/vouchers/:code/redeem',
    {
      schema: {
        params: codeParams,
        body: voucherRedeemSchema,
        response: { 200: staffVoucherSchema, ...errorAnswers(400, 404, 429), 409: fieldRefusal },
      },
      config: staffFormConfig,
    },
    async (request, reply) =>
      byCode(request, reply, () =>
        redeemVoucher(app.db, request.params.code, request.body, staffStamp(app, request)),
      ),
  );

  app.post(
    '/api/admin/vouchers',
    {
      schema: { body: voucherIssueSchema, response: { 201: staffVoucherSchema, 400: fieldRefusal } },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const voucher = await thenSendMail(app, issueComplimentary(await deps(request), request.body));
      return reply.code(201).send(voucher);
    },
  );

  app.post(
    '/api/admin/vouchers/:code/void',
    {
      schema: {
        params: codeParams,
        body: voucherReasonSchema,
        response: { 200: staffVoucherSchema, ...errorAnswers(404, 409, 429), 400: fieldRefusal },
      },
      config: staffFormConfig,
    },
    async (request, reply) =>
      byCode(request, reply, async () =>
        voidVoucher(await deps(request), request.params.code, request.body.reason),
      ),
  );

  app.post(
    '/api/admin/vouchers/:code/refund',
    {
      schema: {
        params: codeParams,
        body: voucherReasonSchema,
        response: { 200: staffVoucherSchema, ...errorAnswers(404, 409, 429, 502), 400: fieldRefusal },
      },
      config: staffFormConfig,
    },
    async (request, reply) =>
      byCode(request, reply, () =>
        refundVoucher(
          { db: app.db, payments: app.payments, log: request.log, ...staffStamp(app, request) },
          request.params.code,
          request.body.reason,
        ),
      ),
  );

  app.post(
    '/api/admin/vouchers/:code/resend',
    {
      schema: { params: codeParams, response: { 200: staffVoucherSchema, ...errorAnswers(404, 409, 429) } },
    },
    async (request, reply) =>
      byCode(request, reply, async () =>
        thenSendMail(app, resendVoucher(await deps(request), request.params.code)),
      ),
  );
};
