import type { FastifyInstance } from 'fastify';
import type { Venue } from '#shared/content/schemas.ts';
import type { VoucherSettings } from '#shared/vouchers/settings.ts';
import { type PaymentServiceDeps, paymentServiceDeps } from '../payments/service-deps.ts';
import type { VoucherMailContext } from './emails.ts';

/** What selling and delivering vouchers needs of the app; routes and the pass build it per call. */
export interface VoucherDeps extends PaymentServiceDeps {
  settings: VoucherSettings;
  venue: Venue;
}

/** The vouchers' view of the app, with the clock read once and the content as it stands. */
export async function voucherDeps(app: FastifyInstance): Promise<VoucherDeps> {
  const content = await app.content.current();
  return { ...paymentServiceDeps(app), settings: content.vouchers, venue: content.venue };
}

export function voucherMailContext(
  deps: Pick<VoucherDeps, 'venue' | 'settings' | 'publicUrl'>,
): VoucherMailContext {
  return { venue: deps.venue, terms: deps.settings.terms, publicUrl: deps.publicUrl };
}
