import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageDataKey } from '#shared/content/page-data.ts';
import { VOUCHERS_PATH, voucherPath, voucherReturnPath } from '#shared/vouchers/links.ts';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The gift vouchers' pages (issue 33): the page that sells them is listed, with its document in the page's
 * data; the voucher's own page, the payment's return and the demo payment page are served, never indexed.
 */
describe('the gift vouchers’ pages on the server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(pglite, new Date('2026-11-22T12:00:00Z'));
  });
  afterAll(() => t.close());

  it('serves /vouchers with the vouchers document, indexed and in the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: VOUCHERS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Gift Vouchers · The Rose &amp; Crown</title>');
    expect(response.body).not.toContain('noindex');
    expect(response.body).toContain(`"${pageDataKey.content('vouchers')}"`);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`${VOUCHERS_PATH}</loc>`);
  });

  it.each([
    [voucherPath('7K3M9QXDA2B4C6E8'), 'Your gift voucher'],
    [voucherReturnPath('vpid_1'), 'Your Gift Voucher'],
    ['/vouchers/demo-checkout?pid=vpid_1', 'Test Checkout'],
  ])('serves %s as its own page, not indexed', async (url, title) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${title} · The Rose &amp; Crown</title>`);
    expect(response.body).toContain('<meta name="robots" content="noindex"/>');
    expect(response.body).toContain(`"${pageDataKey.content('vouchers')}"`);
  });

  it('answers 404 for an address under /vouchers it does not have', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/vouchers/nothing-here' });
    expect(response.statusCode).toBe(404);
  });
});
