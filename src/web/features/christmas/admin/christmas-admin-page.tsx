import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHRISTMAS_ADMIN_FAILURES, christmasDownloadLinks } from '#shared/christmas/admin.ts';
import { SITTING_IDS, type SittingId } from '#shared/christmas/ids.ts';
import type { ChristmasClosure, StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { normaliseSittingId, sittingLabel, sittingTimes } from '#shared/christmas/sittings.ts';
import type { ChristmasBookingStatus } from '#shared/christmas/status.ts';
import { TILL_SETTLEMENT_MESSAGES, type TillOutcome } from '#shared/money/till-settlement.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useChristmasDay } from '#web/features/content/site-content.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { useCanUse } from '#web/features/staff/admin-session.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { StickyNotice } from '#web/features/staff/sticky-notice.tsx';
import { failureText } from '#web/lib/api.ts';
import { useChristmasSeason } from '../use-season.ts';
import * as api from './api.ts';
import { CancelChristmasBookingQuestion, type DepositChoice } from './cancel-christmas-booking-dialog.tsx';
import { ChristmasBookingsTable } from './christmas-bookings-table.tsx';
import { PhoneBookingForm } from './phone-booking-form.tsx';
import { SittingSeatsCard } from './sitting-seats.tsx';
import { useChristmasData } from './use-christmas-data.ts';

// Their own chunks: this screen's JavaScript is at its budget. Changing a booking and closing a sitting are
// occasional, so each dialog loads when first asked for (closing it takes the closure's schema along).
const CloseSittingDialog = lazy(() =>
  import('./close-sitting-dialog.tsx').then((module) => ({ default: module.CloseSittingDialog })),
);
const ChangeChristmasBookingDialog = lazy(() =>
  import('./change-christmas-booking-dialog.tsx').then((module) => ({
    default: module.ChangeChristmasBookingDialog,
  })),
);

const toolButton =
  'inline-flex h-10 items-center justify-center rounded-lg border border-cream-300 bg-white px-3 text-sm font-semibold text-green-900 no-underline transition-colors hover:border-green-700 hover:bg-cream-100';

/**
 * The Christmas Day admin (spec §2 "Admin Christmas"): sitting filter, downloads, each sitting's seats with
 * Close / Reopen, phone and walk-in bookings, and the bookings with their status and print links. The
 * sitting filter lives in the address (?sitting=xmas-early).
 */
export function ChristmasAdminPage() {
  useAdminTitle('Christmas Day');
  const can = useCanUse();
  const christmasSeason = useChristmasDay();
  const season = useChristmasSeason();
  const [params, setParams] = useSearchParams();
  const sittingId = normaliseSittingId(params.get('sitting'), christmasSeason);
  const data = useChristmasData(sittingId);
  const [closing, setClosing] = useState<SittingId | null>(null);
  const [cancelling, setCancelling] = useState<StoredChristmasBooking | null>(null);
  const [changing, setChanging] = useState<StoredChristmasBooking | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const links = christmasDownloadLinks(sittingId);

  function filter(next: string) {
    const id = normaliseSittingId(next, christmasSeason);
    setParams(id ? { sitting: id } : {}, { replace: true });
  }

  async function saveStatus(
    booking: StoredChristmasBooking,
    status: ChristmasBookingStatus,
    deposit: DepositChoice | null = null,
  ) {
    data.putBooking({ ...booking, status });
    try {
      data.putBooking(await api.setChristmasBookingStatus(booking._id, { status, deposit }));
    } catch (error) {
      data.putBooking(booking);
      window.alert(failureText(error, CHRISTMAS_ADMIN_FAILURES.update));
    }
    data.reload('seats');
  }

  /** Cancelling a booking with a deposit asks first whether to refund or keep it. */
  function changeStatus(booking: StoredChristmasBooking, status: ChristmasBookingStatus) {
    if (status === 'CANCELLED' && booking.depositPaidPence > 0) setCancelling(booking);
    else saveStatus(booking, status);
  }

  function confirmCancel(deposit: DepositChoice | null) {
    const booking = cancelling;
    setCancelling(null);
    if (booking) saveStatus(booking, 'CANCELLED', deposit);
  }

  function changeBooking(booking: StoredChristmasBooking) {
    setChanged(null);
    setChanging(booking);
  }

  function finishChange(message: string) {
    setChanging(null);
    setChanged(message);
    data.reload();
  }

  async function retryRefund(booking: StoredChristmasBooking) {
    try {
      data.putBooking(await api.retryChristmasRefund(booking._id));
    } catch (error) {
      window.alert(failureText(error, CHRISTMAS_ADMIN_FAILURES.update));
    }
  }

  async function settleAtTill(booking: StoredChristmasBooking, outcome: TillOutcome) {
    setChanged(null);
    try {
      data.putBooking(await api.settleChristmasDepositAtTill(booking._id, { outcome }));
      setChanged(TILL_SETTLEMENT_MESSAGES.settled(booking.reference));
    } catch (error) {
      window.alert(failureText(error, CHRISTMAS_ADMIN_FAILURES.update));
      // Settled meanwhile by someone else, perhaps: the row then says what is on record.
      data.reload();
    }
  }

  async function confirmClose(reason: string) {
    const id = closing;
    setClosing(null);
    if (!id) return;
    setBusy(true);
    try {
      await api.closeChristmasSitting(id, reason);
    } catch (error) {
      window.alert(failureText(error, CHRISTMAS_ADMIN_FAILURES.close));
    }
    setBusy(false);
    data.reload('seats');
  }

  async function reopen(closure: ChristmasClosure) {
    setBusy(true);
    try {
      await api.reopenChristmasSitting(closure._id);
    } catch (error) {
      window.alert(failureText(error, CHRISTMAS_ADMIN_FAILURES.reopen));
    }
    setBusy(false);
    data.reload('seats');
  }

  const bookings = data.bookings.status === 'ready' ? data.bookings.bookings : [];
  const confirmed = bookings.filter((booking) => booking.status === 'CONFIRMED');
  const guests = confirmed.reduce((sum, booking) => sum + booking.partySize, 0);
  const chosenSitting = sittingId ? sittingLabel(christmasSeason, sittingId) : null;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h1 className="font-serif text-3xl sm:text-4xl">Christmas Day</h1>
          <p className="mt-1 text-lg text-green-800">{formatLongDate(christmasSeason.date)}</p>
        </div>
        {data.bookings.status === 'ready' ? (
          <p className="text-ink-soft">
            {chosenSitting ? `${chosenSitting}: ` : ''}
            {plural(confirmed.length, 'confirmed booking', 'confirmed bookings')} ·{' '}
            {plural(guests, 'guest', 'guests')}
          </p>
        ) : null}
      </div>

      <div className="card flex flex-wrap items-end gap-x-6 gap-y-4 p-4">
        <div>
          <label
            htmlFor="christmas-sitting-filter"
            className="mb-1 block text-xs font-semibold tracking-wide text-ink-soft uppercase"
          >
            Sitting
          </label>
          <div className="flex gap-2">
            <select
              id="christmas-sitting-filter"
              value={sittingId ?? ''}
              onChange={(event) => filter(event.target.value)}
              className="h-10 rounded-lg border border-cream-300 bg-white px-2.5 text-sm font-semibold text-green-900 focus:border-brass-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-brass-500"
            >
              <option value="">Both sittings</option>
              {christmasSeason.sittings.map((sitting) => (
                <option key={sitting.id} value={sitting.id}>
                  {sittingTimes(sitting)}
                </option>
              ))}
            </select>
            <button type="button" className={toolButton} onClick={() => data.reload()}>
              Refresh
            </button>
          </div>
        </div>
        <nav aria-label="Downloads" className="sm:ml-auto">
          <p className="mb-1 text-xs font-semibold tracking-wide text-ink-soft uppercase">
            {chosenSitting ? `Downloads · ${chosenSitting}` : 'Downloads · both sittings'}
          </p>
          <ul className="flex flex-wrap gap-2">
            {can('GET /api/christmas/orders.csv') ? (
              <li>
                <a href={links.ordersCsv} download className={toolButton}>
                  Orders CSV
                </a>
              </li>
            ) : null}
            {can('GET /api/christmas/orders-summary.csv') ? (
              <li>
                <a href={links.prepSummaryCsv} download className={toolButton}>
                  Prep summary CSV
                </a>
              </li>
            ) : null}
            <li>
              <a href={links.printSummary} target="_blank" rel="noopener" className={toolButton}>
                Print prep sheet<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={links.printOrders} target="_blank" rel="noopener" className={toolButton}>
                Print orders<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>

      {data.loadError ? <Notice tone="error">{data.loadError}</Notice> : null}

      <section aria-labelledby="christmas-seats-heading">
        <h2 id="christmas-seats-heading" className="sr-only">
          Seats
        </h2>
        {data.seats ? (
          <div className="grid gap-4 md:grid-cols-2">
            {SITTING_IDS.map((id) => {
              const seats = data.seats?.[id];
              return seats ? (
                <SittingSeatsCard
                  key={id}
                  sittingId={id}
                  seats={seats}
                  busy={busy}
                  closures={
                    can('POST /api/christmas/admin/closures')
                      ? { onClose: setClosing, onReopen: reopen }
                      : undefined
                  }
                />
              ) : null;
            })}
          </div>
        ) : data.loadError ? null : (
          <p role="status" className="text-ink-soft">
            Loading seats…
          </p>
        )}
      </section>

      {season ? (
        <PhoneBookingForm season={season} seats={data.seats} onCreated={() => data.reload()} />
      ) : null}

      {changed ? <StickyNotice tone="success">{changed}</StickyNotice> : null}
      <section aria-labelledby="christmas-bookings-heading" className="card overflow-hidden">
        <div className="border-b border-cream-200 bg-white px-4 py-3 sm:px-5">
          <h2 id="christmas-bookings-heading" className="font-serif text-2xl">
            Bookings{chosenSitting ? ` · ${chosenSitting}` : ''}
          </h2>
        </div>
        {data.bookings.status === 'loading' ? (
          <p role="status" className="px-4 py-5 text-ink-soft sm:px-5">
            Loading bookings…
          </p>
        ) : data.bookings.status === 'failed' ? (
          <p className="px-4 py-5 text-ink-soft sm:px-5">The bookings could not be loaded. Try Refresh.</p>
        ) : bookings.length === 0 ? (
          <p className="px-4 py-5 text-ink-soft sm:px-5">
            {chosenSitting ? 'No bookings for this sitting yet.' : 'No Christmas bookings yet.'}
          </p>
        ) : (
          <ChristmasBookingsTable
            bookings={bookings}
            season={season}
            onStatusChange={can('PATCH /api/christmas/admin/bookings/:id') ? changeStatus : undefined}
            onRetryRefund={can('POST /api/christmas/admin/bookings/:id/refund') ? retryRefund : undefined}
            onSettleAtTill={
              can('POST /api/christmas/admin/bookings/:id/till-settlement') ? settleAtTill : undefined
            }
            onChangeBooking={
              season && can('PUT /api/christmas/admin/bookings/:id/order') ? changeBooking : undefined
            }
          />
        )}
      </section>

      {closing ? (
        <Suspense fallback={null}>
          <CloseSittingDialog sittingId={closing} onKeep={() => setClosing(null)} onConfirm={confirmClose} />
        </Suspense>
      ) : null}
      <ConfirmDialog subject={cancelling} onKeep={() => setCancelling(null)}>
        {(booking) => <CancelChristmasBookingQuestion booking={booking} onConfirm={confirmCancel} />}
      </ConfirmDialog>
      {changing && season ? (
        <Suspense fallback={null}>
          <ChangeChristmasBookingDialog
            booking={changing}
            season={season}
            onKeep={() => setChanging(null)}
            onChanged={finishChange}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
