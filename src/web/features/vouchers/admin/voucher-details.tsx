import type { Ref } from 'react';
import { formatMoney } from '#shared/money/money.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import type { LedgerEntry, StaffVoucher } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { formatCode } from '#shared/vouchers/rules.ts';
import { LEDGER_KIND_LABELS, VOUCHER_STATUS_LABELS } from '#shared/vouchers/status.ts';
import { VOUCHER_ADMIN_WORDS as WORDS } from './voucher-admin-words.ts';

/** Money that leaves the voucher shows as taken off ("−£30.00"); money that comes onto it as it is. */
function movement(entry: LedgerEntry): string {
  return entry.kind === 'sold' || entry.kind === 'issued'
    ? formatMoney(entry.amountPence)
    : `−${formatMoney(entry.amountPence)}`;
}

/** The voucher's movements in order: what, how much, what was left, the note, who and when. */
function Ledger({ entries }: { entries: readonly LedgerEntry[] }) {
  return (
    <section aria-labelledby="voucher-ledger" className="space-y-2">
      <h3 id="voucher-ledger" className="font-serif text-xl">
        {WORDS.ledger}
      </h3>
      <ol aria-labelledby="voucher-ledger" className="divide-y divide-cream-200">
        {entries.map((entry, index) => (
          // The ledger only grows: an entry's place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are never reordered or removed
          <li key={index} className="space-y-0.5 py-2">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <strong className="text-green-900">{LEDGER_KIND_LABELS[entry.kind]}</strong>
              <span className="font-semibold tabular-nums">
                {movement(entry)} · {formatMoney(entry.balanceAfterPence)} left
              </span>
            </p>
            {entry.note ? <p className="break-words">{entry.note}</p> : null}
            <p className="text-sm text-ink-soft">
              {[formatLondonMoment(entry.at), WORDS.ledgerBy(entry.by)].filter(Boolean).join(' · ')}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The voucher as staff at the bar read it: its balance large, its status and expiry, whom it is for, its ledger. */
export function VoucherDetails({
  voucher,
  headingRef,
}: {
  voucher: StaffVoucher;
  /** The code heading, focused after a change so the updated voucher is read from its top. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <article aria-labelledby="voucher-code" className="card space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2
          ref={headingRef}
          id="voucher-code"
          tabIndex={-1}
          className="font-mono text-xl font-semibold tracking-wide break-all text-green-900"
        >
          {formatCode(voucher.code)}
        </h2>
        <span className="rounded-full bg-cream-100 px-3 py-1 text-sm font-semibold text-green-900">
          {VOUCHER_STATUS_LABELS[voucher.status]}
        </span>
      </div>
      <div>
        <p className="text-sm font-semibold tracking-wide text-ink-soft uppercase">{WORDS.balance}</p>
        <p className="font-serif text-5xl text-green-900 tabular-nums">{formatMoney(voucher.balancePence)}</p>
        <p className="text-ink-soft">{WORDS.ofAmount(voucher)}</p>
      </div>
      <p className={voucher.expired ? 'font-semibold text-burgundy-800' : ''}>
        {voucher.expired ? VOUCHER_MESSAGES.expired(voucher.expiresOn) : WORDS.expiresOn(voucher.expiresOn)}
      </p>
      <p>{WORDS.forWhom(voucher)}</p>
      {voucher.message ? (
        <blockquote className="border-l-4 border-cream-300 pl-3 break-words whitespace-pre-line italic">
          {voucher.message}
        </blockquote>
      ) : null}
      <Ledger entries={voucher.ledger} />
    </article>
  );
}
