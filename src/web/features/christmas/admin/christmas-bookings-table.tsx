import { madeAndChangedBy } from '#shared/audit/made-by.ts';
import { BOOKING_STATUS_LABELS } from '#shared/booking/status.ts';
import {
  CHANGE_BOOKING,
  cancelledDeposit,
  cancelledDepositText,
  christmasDownloadLinks,
  printBookingLink,
} from '#shared/christmas/admin.ts';
import { preOrderLines } from '#shared/christmas/courses.ts';
import { depositText } from '#shared/christmas/deposit.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES } from '#shared/christmas/manage.ts';
import type { StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import {
  CHRISTMAS_BOOKING_STATUSES,
  CHRISTMAS_SOURCE_LABELS,
  type ChristmasBookingStatus,
} from '#shared/christmas/status.ts';
import type { TillOutcome } from '#shared/money/till-settlement.ts';
import { plural } from '#shared/text/plural.ts';
import { GUEST_CANCELLED } from '#web/features/booking/admin/booking-flags.tsx';
import { type Column, ColumnHeadings } from '#web/features/booking/admin/column-headings.tsx';
import { StatusSelect } from '#web/features/booking/admin/status-select.tsx';
import { ComingTick } from '#web/features/manage/coming-tick.tsx';
import { TillSettlement } from '#web/features/money/till-settlement.tsx';

/** Records what staff did with a cancelled booking's deposit they took. */
type SettleAtTill = (booking: StoredChristmasBooking, outcome: TillOutcome) => Promise<void>;

/**
 * Who cancelled a cancelled booking, and what became of its deposit: refunded, pending (with a retry), kept, or
 * one staff took settled at the till (given back or kept, asked until staff record it).
 */
function CancellationNotes({
  booking,
  onRetryRefund,
  onSettleAtTill,
}: {
  booking: StoredChristmasBooking;
  onRetryRefund: ((booking: StoredChristmasBooking) => void) | undefined;
  onSettleAtTill: SettleAtTill | undefined;
}) {
  if (booking.status !== 'CANCELLED') return null;
  const deposit = cancelledDeposit(booking);
  const pending = deposit.kind === 'refund' && deposit.state === 'pending';
  return (
    <div className="mt-2 space-y-1 text-sm">
      {booking.cancelledBy === 'guest' ? (
        <span className="block font-semibold text-ink">{GUEST_CANCELLED}</span>
      ) : null}
      {deposit.kind === 'till' ? (
        <TillSettlement
          toSettle={CHRISTMAS_STAFF_CANCEL_MESSAGES.settleAtTill(deposit.paidPence)}
          paidPence={deposit.paidPence}
          tillRefundPence={deposit.tillRefundPence}
          whose={`${booking.name}, ${booking.reference}`}
          onSettle={onSettleAtTill && ((outcome) => onSettleAtTill(booking, outcome))}
        />
      ) : deposit.kind !== 'none' ? (
        <span className={`block ${pending ? 'font-semibold text-burgundy-800' : ''}`}>
          {cancelledDepositText(deposit)}
        </span>
      ) : null}
      {pending && onRetryRefund ? (
        <button
          type="button"
          className="btn-outline min-h-11 px-3 py-1 text-sm"
          aria-label={`${CHRISTMAS_STAFF_CANCEL_MESSAGES.retryRefund} for ${booking.name}, ${booking.reference}`}
          onClick={() => onRetryRefund(booking)}
        >
          {CHRISTMAS_STAFF_CANCEL_MESSAGES.retryRefund}
        </button>
      ) : null}
    </div>
  );
}

/** The columns shown by width: on a phone, the guest and the status. */
const COLUMNS: readonly Column[] = [
  ['Guest', 'py-2 pr-2 pl-4 sm:pl-5'],
  ['Sitting', 'hidden px-2 py-2 sm:table-cell'],
  ['Party', 'hidden px-2 py-2 sm:table-cell'],
  ['Pre-order', 'hidden px-2 py-2 lg:table-cell'],
  ['Allergies & notes', 'hidden px-2 py-2 md:table-cell'],
  ['Status & print', 'py-2 pr-4 pl-2 sm:pr-5'],
];

/** The Christmas bookings with a status select and Print / Print Sitting links (spec §2 Admin Christmas). */
export function ChristmasBookingsTable({
  bookings,
  season,
  onStatusChange,
  onRetryRefund,
  onSettleAtTill,
  onChangeBooking,
}: {
  bookings: StoredChristmasBooking[];
  /** Undefined until the menu has arrived: the pre-orders show then. */
  season: ChristmasSeason | undefined;
  /** Both absent for a role that may not change Christmas bookings: the status shows as text. */
  onStatusChange?: (booking: StoredChristmasBooking, status: ChristmasBookingStatus) => void;
  onRetryRefund?: (booking: StoredChristmasBooking) => void;
  /** Absent for a role that may not record what became of a deposit staff took. */
  onSettleAtTill?: SettleAtTill;
  /** A confirmed booking's Change button; absent for a role that may not change its order. */
  onChangeBooking?: (booking: StoredChristmasBooking) => void;
}) {
  return (
    <table className="w-full text-left text-[0.95rem]">
      <caption className="sr-only">Christmas Day bookings</caption>
      <ColumnHeadings columns={COLUMNS} />
      <tbody className="divide-y divide-cream-200">
        {bookings.map((booking) => {
          const cancelled = booking.status === 'CANCELLED';
          const notes = [booking.occasionNotes, booking.specialNotes].filter(Boolean).join(' · ');
          return (
            <tr key={booking._id} className={`align-top ${cancelled ? 'bg-cream-100/40 text-ink-soft' : ''}`}>
              <td className="py-3 pr-2 pl-4 sm:pl-5">
                <span className={`block font-semibold ${cancelled ? 'line-through' : 'text-green-900'}`}>
                  {booking.name}
                </span>
                {booking.comingConfirmedAt && !cancelled ? <ComingTick /> : null}
                <span className="block text-sm text-ink-soft">
                  {booking.reference} · {CHRISTMAS_SOURCE_LABELS[booking.source]}
                </span>
                {madeAndChangedBy(booking).map((line) => (
                  <span key={line} className="block text-xs text-ink-soft">
                    {line}
                  </span>
                ))}
                <span className="block text-xs text-ink-soft">{depositText(booking)}</span>
                {booking.phone ? (
                  <a
                    href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`}
                    className="link block text-sm whitespace-nowrap"
                  >
                    {booking.phone}
                  </a>
                ) : (
                  <a href={`mailto:${booking.email}`} className="link block text-sm break-all">
                    {booking.email}
                  </a>
                )}
                <span className="block text-sm text-ink-soft sm:hidden">
                  {booking.sittingLabel} · {plural(booking.partySize, 'guest', 'guests')}
                </span>
                {booking.allergies ? (
                  <span className="mt-1 block rounded bg-burgundy-700/10 px-1.5 text-sm font-semibold text-burgundy-800 md:hidden">
                    Allergies: {booking.allergies}
                  </span>
                ) : null}
              </td>
              <td className="hidden px-2 py-3 whitespace-nowrap sm:table-cell">{booking.sittingLabel}</td>
              <td className="hidden px-2 py-3 whitespace-nowrap sm:table-cell">
                <span className="font-semibold">{booking.partySize}</span>
                {booking.partyChildren > 0 ? (
                  <span className="block text-xs text-ink-soft">
                    {booking.partyAdults} + {booking.partyChildren} ch.
                  </span>
                ) : null}
              </td>
              <td className="hidden px-2 py-3 text-sm leading-snug lg:table-cell">
                {(season ? preOrderLines(booking.selections, season) : []).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </td>
              <td className="hidden max-w-64 px-2 py-3 text-sm leading-snug md:table-cell">
                {booking.allergies ? (
                  <span className="mb-1 block rounded bg-burgundy-700/10 px-2 py-0.5 font-semibold text-burgundy-800">
                    Allergies: {booking.allergies}
                  </span>
                ) : null}
                {notes ? <span className="block">{notes}</span> : null}
                {!booking.allergies && !notes ? <span className="text-ink-soft">—</span> : null}
              </td>
              <td className="py-2.5 pr-4 pl-2 sm:pr-5">
                {onStatusChange ? (
                  <StatusSelect
                    value={booking.status}
                    statuses={CHRISTMAS_BOOKING_STATUSES}
                    label={`Status of ${booking.name}, ${booking.reference}`}
                    onChange={(status) => onStatusChange(booking, status)}
                  />
                ) : (
                  <span className="block font-semibold">{BOOKING_STATUS_LABELS[booking.status]}</span>
                )}
                <CancellationNotes
                  booking={booking}
                  onRetryRefund={onRetryRefund}
                  onSettleAtTill={onSettleAtTill}
                />
                {onChangeBooking && !cancelled ? (
                  <button
                    type="button"
                    className="btn-outline mt-2 min-h-11 px-3 py-1 text-sm"
                    aria-label={CHANGE_BOOKING.label(booking)}
                    onClick={() => onChangeBooking(booking)}
                  >
                    {CHANGE_BOOKING.text}
                  </button>
                ) : null}
                <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                  <a
                    href={printBookingLink(booking._id)}
                    target="_blank"
                    rel="noopener"
                    aria-label={`Print booking ${booking.reference} (opens in a new tab)`}
                    className="link"
                  >
                    Print
                  </a>
                  <a
                    href={christmasDownloadLinks(booking.sittingId).printOrders}
                    target="_blank"
                    rel="noopener"
                    aria-label={`Print Sitting ${booking.sittingLabel} (opens in a new tab)`}
                    className="link whitespace-nowrap"
                  >
                    Print Sitting
                  </a>
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
