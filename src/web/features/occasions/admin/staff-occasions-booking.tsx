import { useId } from 'react';
import { telephoneHref } from '#shared/content/venue.ts';
import { formatMoney } from '#shared/money/money.ts';
import { paidToStaffNotRefundedOnline, staffPaymentNote } from '#shared/money/taken-by-staff.ts';
import type { TillOutcome } from '#shared/money/till-settlement.ts';
import type { StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import type { Diner, OccasionBookingStatus } from '#shared/occasions/api.ts';
import { PARTY_NOTE_WORDS, PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { chosenDish, goesWithout, openCourses } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { paidToStaff } from '#shared/occasions/staff-payment.ts';
import { plural } from '#shared/text/plural.ts';
import { TillSettlement } from '#web/features/money/till-settlement.tsx';
import { ComingTick } from '../../manage/coming-tick.tsx';

const STATUS_LABELS: Record<OccasionBookingStatus, string> = {
  HELD: 'Paying now',
  CONFIRMED: 'Confirmed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

const smallButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border-2 px-3 text-sm font-semibold transition-colors';
const plainButton = `${smallButton} border-green-800 text-green-900 hover:bg-green-800 hover:text-cream-50`;
const dangerButton = `${smallButton} border-burgundy-700 text-burgundy-700 hover:bg-burgundy-700 hover:text-cream-50`;

/** Records what staff did with a cancelled booking's money they took; settles once the screen has said so. */
type SettleAtTill = (booking: StaffOccasionBooking, outcome: TillOutcome) => Promise<void>;

export interface BookingActions {
  /** Absent for a role that may not cancel. */
  onCancel?: (booking: StaffOccasionBooking) => void;
  onDiner: (booking: StaffOccasionBooking, diner: Diner | null) => void;
  onRemoveDiner: (booking: StaffOccasionBooking, diner: Diner) => void;
  onParty: (booking: StaffOccasionBooking) => void;
  /** Absent for a role that may not record what became of money staff took. */
  onSettleAtTill?: SettleAtTill;
}

function StatusPill({ status }: { status: OccasionBookingStatus }) {
  const colours =
    status === 'CONFIRMED'
      ? 'bg-green-600/15 text-green-800'
      : status === 'CANCELLED'
        ? 'bg-burgundy-700 text-cream-50'
        : 'bg-cream-200 text-ink-soft';
  return (
    <span className={`rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase ${colours}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** Diners who have chosen every course. */
function dinersChosen(occasion: Occasion, booking: StaffOccasionBooking): number {
  return booking.diners.filter((diner) => openCourses(occasion, diner.choices).length === 0).length;
}

/** The party's allergies, as loud as a diner's, and what it celebrates: each only when given. */
function PartyNotes({ booking }: { booking: StaffOccasionBooking }) {
  return (
    <>
      {booking.allergies ? (
        <p className="mt-2 rounded-md bg-burgundy-700 px-2 py-1 font-semibold break-words whitespace-pre-line text-cream-50">
          {PARTY_NOTE_WORDS.allergies}: {booking.allergies}
        </p>
      ) : null}
      {booking.occasionNotes ? (
        <p className="mt-1 break-words text-ink-soft">
          {PARTY_NOTE_WORDS.occasionNotes}: {booking.occasionNotes}
        </p>
      ) : null}
    </>
  );
}

/** "Paid £120.00 of £456.00 (cash)", how staff took it, the supplements due on the day, and what was refunded. */
function moneyLine(booking: StaffOccasionBooking): string {
  const refunded = booking.refundPence ? ` · ${formatMoney(booking.refundPence)} refunded` : '';
  const supplements =
    booking.supplementsPence > 0 ? ` · supplements ${formatMoney(booking.supplementsPence)} on the day` : '';
  const paid = `Paid ${formatMoney(booking.paidPence)} of ${formatMoney(booking.totalPence)}`;
  return `${paid}${staffPaymentNote(booking.paymentMethod)}${supplements}${refunded}`;
}

/** A cancelled booking's money staff took: to settle at the till, until staff record it given back or kept. */
function TillNote({
  booking,
  onSettleAtTill,
}: {
  booking: StaffOccasionBooking;
  onSettleAtTill: SettleAtTill | undefined;
}) {
  if (booking.status !== 'CANCELLED' || !paidToStaff(booking)) return null;
  return (
    <div className="mt-2 space-y-1">
      <TillSettlement
        toSettle={paidToStaffNotRefundedOnline(booking.paidPence)}
        paidPence={booking.paidPence}
        tillRefundPence={booking.tillRefundPence}
        whose={`${booking.name}, ${booking.reference}`}
        onSettle={onSettleAtTill && ((outcome) => onSettleAtTill(booking, outcome))}
      />
    </div>
  );
}

function DinerRow({
  occasion,
  booking,
  diner,
  actions,
}: {
  occasion: Occasion;
  booking: StaffOccasionBooking;
  diner: Diner;
  actions: BookingActions | null;
}) {
  return (
    <li className="border-t border-cream-200 py-3 first:border-t-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold break-words text-green-900">{diner.name}</p>
        {actions ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={plainButton}
              aria-label={`Change dishes for ${diner.name}`}
              onClick={() => actions.onDiner(booking, diner)}
            >
              Change dishes
            </button>
            <button
              type="button"
              className={dangerButton}
              aria-label={`Take off ${diner.name}`}
              onClick={() => actions.onRemoveDiner(booking, diner)}
            >
              Take off
            </button>
          </div>
        ) : null}
      </div>
      {diner.allergies ? (
        <p className="mt-1 rounded-md bg-burgundy-700 px-2 py-1 font-semibold break-words text-cream-50">
          Allergy: {diner.allergies}
        </p>
      ) : null}
      <ul className="mt-1 text-[0.95rem]">
        {occasion.courses.map((course) => {
          const dish = chosenDish(course, diner.choices);
          return (
            <li key={course.id}>
              <span className="text-ink-soft">{course.name}:</span>{' '}
              {dish ? (
                dish.name
              ) : goesWithout(course, diner.choices) ? (
                PRE_ORDER_MESSAGES.noDish
              ) : (
                <em className="text-brass-700">not chosen yet</em>
              )}
              {diner.defaultedCourses.includes(course.id) ? (
                <span className="ml-1 text-xs font-semibold text-brass-700 uppercase">default</span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/**
 * One party at a sitting: who booked, how many, the money, the status, then while it is live the party's own
 * actions (Change party, Add a diner while places are empty, Cancel) above its diners, each with Change dishes
 * and Take off.
 */
export function OccasionBookingCard({
  occasion,
  booking,
  actions,
}: {
  occasion: Occasion;
  booking: StaffOccasionBooking;
  actions: BookingActions;
}) {
  const headingId = useId();
  const live = booking.status === 'CONFIRMED';
  const chosen = dinersChosen(occasion, booking);
  const toChoose = booking.partySize - chosen;
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-lg border border-cream-300 bg-white p-4 ${live ? '' : 'opacity-75'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={headingId} className="text-lg font-semibold break-words text-green-900">
            {booking.name}
          </h4>
          <p className="text-sm text-ink-soft">
            {booking.reference} · {booking.source === 'phone' ? 'Phone' : 'Online'}
          </p>
          {booking.phone || booking.email ? (
            <p className="flex flex-wrap gap-x-4 text-sm">
              {booking.phone ? (
                <a href={telephoneHref(booking.phone)} className="link inline-flex min-h-6 items-center">
                  {booking.phone}
                </a>
              ) : null}
              {booking.email ? (
                <a
                  href={`mailto:${booking.email}`}
                  className="link inline-flex min-h-6 min-w-0 items-center break-all"
                >
                  {booking.email}
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {live && booking.comingConfirmed ? <ComingTick /> : null}
          <StatusPill status={booking.status} />
        </div>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <strong className="text-green-900">{plural(booking.partySize, 'guest', 'guests')}</strong>
        <span>{moneyLine(booking)}</span>
        {live ? (
          <span className={toChoose > 0 ? 'font-semibold text-brass-700' : 'text-green-800'}>
            {toChoose > 0 ? `${plural(toChoose, 'diner', 'diners')} still to choose` : 'Everyone has chosen'}
          </span>
        ) : null}
        {booking.locked ? <span className="text-ink-soft">Order locked</span> : null}
      </p>
      <TillNote booking={booking} onSettleAtTill={actions.onSettleAtTill} />
      <PartyNotes booking={booking} />
      {booking.notes ? <p className="mt-2 break-words text-ink-soft">Notes: {booking.notes}</p> : null}
      {live ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={plainButton}
            aria-label={`Change party for ${booking.name}`}
            onClick={() => actions.onParty(booking)}
          >
            Change party
          </button>
          {booking.diners.length < booking.partySize ? (
            <button
              type="button"
              className={plainButton}
              aria-label={`Add a diner to ${booking.name}’s party`}
              onClick={() => actions.onDiner(booking, null)}
            >
              Add a diner
            </button>
          ) : null}
          {actions.onCancel ? (
            <button
              type="button"
              className={dangerButton}
              aria-label={`Cancel booking for ${booking.name}`}
              onClick={() => actions.onCancel?.(booking)}
            >
              Cancel booking
            </button>
          ) : null}
        </div>
      ) : null}
      {booking.diners.length > 0 ? (
        <ul aria-label={`${booking.name}’s diners`} className="mt-2">
          {booking.diners.map((diner) => (
            <DinerRow
              key={diner.id}
              occasion={occasion}
              booking={booking}
              diner={diner}
              actions={live ? actions : null}
            />
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/**
 * A ticket holder at the door: name, tickets, the money and the status, with Change tickets and Cancel; once
 * cancelled, money staff took to settle at the till.
 */
export function TicketRow({
  booking,
  onCancel,
  onParty,
  onSettleAtTill,
}: {
  booking: StaffOccasionBooking;
  onCancel: ((booking: StaffOccasionBooking) => void) | undefined;
  onParty: (booking: StaffOccasionBooking) => void;
  onSettleAtTill: SettleAtTill | undefined;
}) {
  const live = booking.status === 'CONFIRMED';
  return (
    <li
      className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-cream-200 py-3 first:border-t-0 ${live ? '' : 'opacity-75'}`}
    >
      <div className="min-w-0">
        <p className="text-lg font-semibold break-words text-green-900">
          {booking.name} <span className="tabular-nums">× {booking.partySize}</span>
        </p>
        <p className="text-sm text-ink-soft">
          {booking.reference} · {moneyLine(booking)}
        </p>
        <TillNote booking={booking} onSettleAtTill={onSettleAtTill} />
        <PartyNotes booking={booking} />
        {booking.notes ? <p className="text-sm break-words text-ink-soft">Notes: {booking.notes}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <StatusPill status={booking.status} />
        {live ? (
          <button
            type="button"
            className={plainButton}
            aria-label={`Change tickets for ${booking.name}`}
            onClick={() => onParty(booking)}
          >
            Change tickets
          </button>
        ) : null}
        {live && onCancel ? (
          <button
            type="button"
            className={dangerButton}
            aria-label={`Cancel ${booking.name}’s booking`}
            onClick={() => onCancel(booking)}
          >
            Cancel
          </button>
        ) : null}
      </div>
    </li>
  );
}
