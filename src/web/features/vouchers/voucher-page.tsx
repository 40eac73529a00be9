import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { voucherPageMeta } from '#shared/content/page-meta.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { VOUCHERS_PATH } from '#shared/vouchers/links.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { useAsync } from '#web/hooks/use-async.ts';
import { useVenue } from '../content/site-content.tsx';
import { useContent } from '../content/use-content.ts';
import * as api from './api.ts';
import { VoucherSheet } from './voucher-sheet.tsx';
import { VOUCHER_WORDS } from './voucher-words.ts';

/** /vouchers/v/:code: the voucher for whoever holds its full code, to show at the bar or print. */
export function VoucherPage() {
  const code = useParams().code ?? '';
  const state = useAsync(() => api.voucherOrNull(code), `voucher:${code}`);
  const settings = useContent('vouchers');
  const venue = useVenue();
  const voucher = state.status === 'done' ? state.value : undefined;
  useEffect(() => {
    if (voucher !== undefined) document.title = voucherPageMeta(venue, voucher !== null).title;
  }, [voucher, venue]);

  if (state.status !== 'done') {
    return (
      <div className="container-page min-h-[60vh] py-20">
        {state.status === 'loading' ? <p role="status">Loading…</p> : <LoadFailed error={state.error} />}
      </div>
    );
  }
  if (!state.value) {
    return (
      <div className="container-page py-24 text-center">
        <p className="eyebrow">{VOUCHER_WORDS.eyebrow}</p>
        <h1 className="mx-auto mt-2 max-w-2xl font-serif text-3xl sm:text-4xl">
          {VOUCHER_WORDS.notFoundVoucherTitle}
        </h1>
        <p role="status" className="mx-auto mt-4 max-w-md text-lg text-ink-soft">
          {VOUCHER_MESSAGES.codeNotFound}
        </p>
        <p className="mt-6 text-lg">
          <a href={telephoneHref(venue.phone)} className="link font-semibold">
            Call us on {venue.phone}
          </a>
        </p>
        <Link to={VOUCHERS_PATH} className="btn-dark mt-8">
          {VOUCHER_WORDS.eyebrow}
        </Link>
      </div>
    );
  }
  return (
    <div className="bg-cream-100 py-10 sm:py-14">
      <div className="container-page space-y-6">
        <VoucherSheet voucher={state.value} terms={settings?.terms} />
        <p className="text-center">
          <button type="button" className="btn-dark" onClick={() => window.print()}>
            {VOUCHER_WORDS.print}
          </button>
        </p>
      </div>
    </div>
  );
}
