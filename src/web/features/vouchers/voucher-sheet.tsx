import { formatMoney, formatPrice } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import type { PublicVoucher } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { formatCode } from '#shared/vouchers/rules.ts';
import type { VoucherSettings } from '#shared/vouchers/settings.ts';
import { useVenue } from '../content/site-content.tsx';
import { VOUCHER_WORDS } from './voucher-words.ts';
import './voucher-print.css';

/** Why a voucher cannot be spent, if it cannot: its status first, then its date, then its balance. */
export function voucherUnusable(voucher: PublicVoucher): string | null {
  if (voucher.status === 'VOID') return VOUCHER_MESSAGES.void;
  if (voucher.status === 'REFUNDED') return VOUCHER_MESSAGES.refunded;
  if (voucher.status === 'PENDING') return VOUCHER_MESSAGES.pending;
  if (voucher.expired) return VOUCHER_MESSAGES.expired(voucher.expiresOn);
  if (voucher.balancePence <= 0) return VOUCHER_MESSAGES.spent;
  return null;
}

/**
 * The QR code as an image of the SVG our server drew: a data URL, never markup in the page, so nothing in it
 * can run or be read as HTML.
 */
function qrSource(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/**
 * The gift voucher itself (issue 33), as it is shown at the bar and printed: the pub's deep green, cream and
 * brass, the amount, whom it is for, the message, the code in groups and its QR, the balance, expiry and terms.
 */
export function VoucherSheet({
  voucher,
  terms,
}: {
  voucher: PublicVoucher;
  terms: VoucherSettings['terms'] | undefined;
}) {
  const venue = useVenue();
  const unusable = voucherUnusable(voucher);
  return (
    <article
      aria-label={VOUCHER_WORDS.voucherTitle}
      className="voucher-sheet mx-auto max-w-3xl rounded-3xl bg-green-900 p-3 text-cream-50 shadow-[0_24px_50px_-24px_rgba(18,38,28,0.6)] sm:p-4"
    >
      <div className="rounded-2xl border-2 border-brass-400 p-1">
        <div className="rounded-xl border border-brass-400/60 px-5 py-8 sm:px-10 sm:py-10">
          <header className="text-center">
            <p className="eyebrow text-brass-300">{venue.name}</p>
            <h1 className="mt-2 font-serif text-4xl text-cream-50 sm:text-5xl">
              {VOUCHER_WORDS.voucherTitle}
            </h1>
            <p className="mt-5 font-serif text-6xl font-semibold text-brass-300 tabular-nums sm:text-7xl">
              {formatPrice(voucher.amountPence)}
            </p>
            <p className="mt-3 font-serif text-2xl italic">
              {VOUCHER_WORDS.voucherFor(voucher.recipientName)}
            </p>
          </header>
          {voucher.message ? (
            <blockquote className="mx-auto mt-6 max-w-xl rounded-xl bg-cream-50 px-5 py-4 text-center font-serif text-lg text-green-900 italic">
              <p className="whitespace-pre-line">{voucher.message}</p>
              {voucher.buyerName ? (
                <footer className="mt-2 text-base text-ink-soft not-italic">
                  {VOUCHER_WORDS.voucherFrom(voucher.buyerName)}
                </footer>
              ) : null}
            </blockquote>
          ) : voucher.buyerName ? (
            <p className="mt-4 text-center text-cream-100">{VOUCHER_WORDS.voucherFrom(voucher.buyerName)}</p>
          ) : null}
          <div className="mt-8 grid items-center gap-6 rounded-xl bg-cream-50 p-5 text-green-900 sm:grid-cols-[auto_1fr]">
            <img
              src={qrSource(voucher.qrSvg)}
              alt={VOUCHER_WORDS.qrAlt}
              width={144}
              height={144}
              className="mx-auto h-36 w-36 bg-white"
            />
            <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <dt className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
                  {VOUCHER_WORDS.code}
                </dt>
                <dd className="font-mono text-xl font-semibold tracking-wider break-all sm:text-2xl">
                  {formatCode(voucher.code)}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
                  {VOUCHER_WORDS.balance}
                </dt>
                <dd className="font-serif text-2xl tabular-nums">{formatMoney(voucher.balancePence)}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
                  {VOUCHER_WORDS.validUntil}
                </dt>
                <dd className="font-serif text-2xl">{formatLongDate(voucher.expiresOn)}</dd>
              </div>
            </dl>
          </div>
          {unusable ? (
            <p
              role="status"
              className="mt-5 rounded-lg bg-burgundy-700 px-4 py-3 text-center font-semibold text-cream-50"
            >
              {unusable}
            </p>
          ) : (
            <p className="mt-5 text-center text-sm text-cream-100">{VOUCHER_WORDS.showAtBar}</p>
          )}
          {terms && terms.length > 0 ? (
            <ul className="mt-6 list-disc space-y-1 border-t border-brass-400/50 pt-4 pl-5 text-xs text-cream-100">
              {terms.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-4 text-center text-xs text-cream-100">
            {venue.name} · {venue.phone}
          </p>
        </div>
      </div>
    </article>
  );
}
