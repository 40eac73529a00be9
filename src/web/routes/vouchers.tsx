import { telephoneHref } from '#shared/content/venue.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { PageHero } from '../components/page-hero.tsx';
import { useVenue } from '../features/content/site-content.tsx';
import { useContent } from '../features/content/use-content.ts';
import { VoucherPurchaseForm } from '../features/vouchers/purchase-form.tsx';
import { VOUCHER_WORDS } from '../features/vouchers/voucher-words.ts';

/** /vouchers: the gift vouchers the pub sells (issue 33), its words and amounts from the `vouchers` document. */
export function Component() {
  const settings = useContent('vouchers');
  const venue = useVenue();
  return (
    <>
      <PageHero eyebrow={VOUCHER_WORDS.eyebrow} title={settings?.headline ?? VOUCHER_WORDS.notOnSaleTitle}>
        {settings?.onSale ? settings.intro : null}
      </PageHero>
      <div className="container-page py-10 sm:py-14">
        {!settings ? (
          <p role="status" className="min-h-[40rem]">
            Loading…
          </p>
        ) : settings.onSale ? (
          <VoucherPurchaseForm settings={settings} />
        ) : (
          <p role="status" className="card mx-auto max-w-2xl p-6 text-lg">
            {VOUCHER_MESSAGES.notOnSale}{' '}
            <a href={telephoneHref(venue.phone)} className="link font-semibold">
              {venue.phone}
            </a>
          </p>
        )}
      </div>
    </>
  );
}
