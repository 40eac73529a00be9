import { useWatch } from 'react-hook-form';
import { partyText } from '#shared/booking/party.ts';
import {
  countOf,
  countsFromSelections,
  type DishCounts,
  preOrderLines,
  selectionsFromCounts,
} from '#shared/christmas/courses.ts';
import { depositTakenByStaff } from '#shared/christmas/deposit.ts';
import { CHEESE_BOARD_ID, COURSES } from '#shared/christmas/ids.ts';
import { CHRISTMAS_MANAGE_MESSAGES, refundDeadlineText } from '#shared/christmas/manage.ts';
import type { ManagedChristmasBooking } from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { checkChristmasCourses } from '#shared/christmas/validation.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { formatMoney, poundsToPence } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { useVenue } from '../content/site-content.tsx';
import type { DetailRow } from '../manage/detail-list.tsx';
import { type ChangeHandlers, GuestChangeForm, useGuestChangeForm } from '../manage/guest-change-form.tsx';
import { ManageFrame } from '../manage/manage-frame.tsx';
import * as api from './api.ts';
import { FormChristmasNotesFields } from './christmas-notes-fields.tsx';
import { FormCoursePicker } from './course-picker.tsx';

type Booking = ManagedChristmasBooking['booking'];

/** The booking as its confirmation e-mail showed it; cancelled, nothing is due on the day and its refund shows. */
function detailRows(booking: Booking, season: ChristmasSeason): DetailRow[] {
  const showsDeposit = booking.source === 'online' || booking.depositPaidPence > 0;
  const cancelled = booking.status === 'CANCELLED';
  return [
    ['Reference', booking.reference],
    ['Date', formatLongDate(season.date)],
    ['Sitting', booking.sittingLabel],
    ['Party', partyText(booking.partyAdults, booking.partyChildren)],
    ['Pre-order', preOrderLines(booking.selections, season).join('\n')],
    ...(showsDeposit ? ([['Deposit paid', formatMoney(booking.depositPaidPence)]] as const) : []),
    ['Total for your party', formatMoney(booking.totalPence)],
    ...(cancelled
      ? booking.refundPence !== null
        ? ([['Refund to your card', formatMoney(booking.refundPence)]] as const)
        : []
      : ([['Balance due on the day', formatMoney(booking.balanceDuePence)]] as const)),
  ];
}

type ChangeValues = DishCounts & {
  allergies: string;
  occasionNotes: string;
  specialNotes: string;
};

/** The balance due on the day with the cheese boards now chosen, each with its supplement. */
function Balance({ booking, season }: { booking: Booking; season: ChristmasSeason }) {
  const desserts = useWatch<ChangeValues, 'desserts'>({ name: 'desserts' });
  const supplement = poundsToPence(season.prices.cheeseBoardSupplement);
  const boards = desserts[CHEESE_BOARD_ID] ?? 0;
  const boardsBefore = countOf(booking.selections, 'desserts', CHEESE_BOARD_ID);
  const balance = booking.balanceDuePence + (boards - boardsBefore) * supplement;
  return (
    <p className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-green-800 px-4 py-3 text-cream-50">
      <span>Balance due on the day</span>
      <strong className="font-serif text-2xl tabular-nums text-brass-300">{formatMoney(balance)}</strong>
    </p>
  );
}

/** The guest's change of their dishes and notes, checked by the course rules the server runs. */
function ChangeForm({
  token,
  booking,
  season,
  save,
  onKeep,
}: { token: string; booking: Booking; season: ChristmasSeason } & ChangeHandlers<ManagedChristmasBooking>) {
  const change = useGuestChangeForm<ChangeValues>({
    defaultValues: {
      ...countsFromSelections(booking.selections),
      allergies: booking.allergies,
      occasionNotes: booking.occasionNotes,
      specialNotes: booking.specialNotes,
    },
    check: (values) => {
      const found = checkChristmasCourses(selectionsFromCounts(values), booking.partySize, season);
      if (!found) return null;
      return { field: COURSES.find((course) => course === found.field) ?? null, message: found.message };
    },
    send: (values) =>
      save(() =>
        api.changeManagedChristmasBooking(token, {
          selections: selectionsFromCounts(values),
          allergies: values.allergies.trim(),
          occasionNotes: values.occasionNotes.trim(),
          specialNotes: values.specialNotes.trim(),
          version: booking.updatedAt,
        }),
      ),
  });

  return (
    <GuestChangeForm form={change} label="Change your order" onKeep={onKeep} className="space-y-6">
      <p className="text-ink-soft">
        {partyText(booking.partyAdults, booking.partyChildren)}: one main for every guest; starters and
        desserts are up to one each.
      </p>
      {COURSES.map((course) => (
        <FormCoursePicker
          key={course}
          course={course}
          dishes={season.menu[course]}
          guests={booking.partySize}
          supplement={season.prices.cheeseBoardSupplement}
        />
      ))}
      <FormChristmasNotesFields />
      <Balance booking={booking} season={season} />
    </GuestChangeForm>
  );
}

/** What a cancellation does, or did, with the deposit, in the guest's words. */
function depositText(
  managed: ManagedChristmasBooking,
  season: ChristmasSeason,
  phone: string,
): string | null {
  const { booking, depositOnCancel } = managed;
  if (depositOnCancel === 'settle')
    return CHRISTMAS_MANAGE_MESSAGES.depositSettled(booking.depositPaidPence, phone);
  if (depositOnCancel === 'refund') {
    return CHRISTMAS_MANAGE_MESSAGES.depositRefunded(booking.depositPaidPence, refundDeadlineText(season));
  }
  if (depositOnCancel === 'keep') {
    return CHRISTMAS_MANAGE_MESSAGES.depositKept(booking.depositPaidPence, refundDeadlineText(season));
  }
  return null;
}

/** Just cancelled: what became of the deposit, and the e-mail on its way. */
function cancelledText(booking: Booking, phone: string): string {
  if (booking.refundPence !== null) return CHRISTMAS_MANAGE_MESSAGES.cancelledRefund(booking.refundPence);
  if (depositTakenByStaff(booking))
    return CHRISTMAS_MANAGE_MESSAGES.cancelledSettled(booking.depositPaidPence, phone);
  if (booking.depositPaidPence > 0) return CHRISTMAS_MANAGE_MESSAGES.cancelledKept(booking.depositPaidPence);
  return MANAGE_MESSAGES.cancelled;
}

/** A deposit staff took: to settle with us until staff record it settled at the till, then as they recorded it. */
function settledText(booking: Booking, phone: string): string {
  return booking.tillRefundPence === null
    ? CHRISTMAS_MANAGE_MESSAGES.depositSettled(booking.depositPaidPence, phone)
    : CHRISTMAS_MANAGE_MESSAGES.depositSettledAtTill(booking.depositPaidPence, booking.tillRefundPence);
}

/** Cancelled before: said again whenever the page is opened. */
function wasCancelledText(booking: Booking, phone: string): string {
  const deposit =
    booking.refundPence !== null
      ? CHRISTMAS_MANAGE_MESSAGES.refundLine(booking.refundPence)
      : depositTakenByStaff(booking)
        ? settledText(booking, phone)
        : booking.depositPaidPence > 0
          ? CHRISTMAS_MANAGE_MESSAGES.keptLine(booking.depositPaidPence)
          : '';
  return [MANAGE_MESSAGES.alreadyCancelled, deposit].filter(Boolean).join(' ');
}

/**
 * A guest's own Christmas Day booking (/christmas/manage/:token, issue 18): see it as the confirmation showed
 * it, change the dishes, allergies and notes until online orders close, cancel until the sitting starts,
 * told before confirming whether the deposit is refunded or kept.
 */
export function ManageChristmasBooking({
  token,
  initial,
  season,
  onCancelled,
}: {
  token: string;
  initial: ManagedChristmasBooking;
  season: ChristmasSeason;
  /** Told when the guest has just cancelled on this page. */
  onCancelled?: () => void;
}) {
  const venue = useVenue();
  return (
    <ManageFrame
      initial={initial}
      allows={({ changeable, cancellable }) => ({ change: changeable, cancel: cancellable })}
      wasCancelled={({ booking }) => wasCancelledText(booking, venue.phone)}
      details={({ booking }) => detailRows(booking, season)}
      notes={({ booking }) => booking}
      stackedDetails
      closedNote={({ changeable, cancellable }) =>
        !cancellable ? (
          <p className="text-ink-soft">{CHRISTMAS_MANAGE_MESSAGES.sittingStarted}</p>
        ) : !changeable ? (
          <p className="text-ink-soft">{CHRISTMAS_MANAGE_MESSAGES.changesClosed(venue.phone)}</p>
        ) : null
      }
      changeLabel="Change dishes & notes"
      calendarPath={api.managedChristmasCalendarPath(token)}
      changeForm={({ booking }, outcomes) => (
        <ChangeForm token={token} booking={booking} season={season} {...outcomes} />
      )}
      changed={CHRISTMAS_MANAGE_MESSAGES.changed}
      footer={({ booking }) =>
        booking.status === 'CANCELLED' ? null : (
          <p className="text-ink-soft">
            {CHRISTMAS_MANAGE_MESSAGES.partyByPhone}{' '}
            <a href={telephoneHref(venue.phone)} className="link whitespace-nowrap">
              {venue.phone}
            </a>
            .
          </p>
        )
      }
      cancelQuestion={CHRISTMAS_MANAGE_MESSAGES.cancelQuestion}
      cancelSummary={(managed) => {
        const { booking } = managed;
        const deposit = depositText(managed, season, venue.phone);
        return (
          <>
            <p className="mt-3">
              Your table for {partyText(booking.partyAdults, booking.partyChildren)} on{' '}
              {formatLongDate(season.date)}, {booking.sittingLabel} (reference {booking.reference}).
            </p>
            {deposit ? (
              <p className="mt-3 rounded-lg border-l-4 border-brass-500 bg-brass-300/25 px-4 py-3 font-semibold text-green-900">
                {deposit}
              </p>
            ) : null}
          </>
        );
      }}
      confirmComing={() => api.confirmChristmasComing(token)}
      cancel={() => api.cancelManagedChristmasBooking(token)}
      cancelled={({ booking }) => cancelledText(booking, venue.phone)}
      onCancelled={onCancelled}
    />
  );
}
