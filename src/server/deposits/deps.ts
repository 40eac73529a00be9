import type { FastifyInstance } from 'fastify';
import type { SiteContent } from '#shared/content/documents.ts';
import { type PaymentServiceDeps, paymentServiceDeps } from '../payments/service-deps.ts';

/** What the deposit services need of the app; routes and the runner build it per call, with the app's clock. */
export interface DepositDeps extends PaymentServiceDeps {
  content: SiteContent;
}

export async function depositDeps(app: FastifyInstance): Promise<DepositDeps> {
  return { ...paymentServiceDeps(app), content: await app.content.current() };
}
