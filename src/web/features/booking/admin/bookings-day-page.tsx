import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BOOKING_SCOPES, type BookingScope, CHRISTMAS_DAY_TABLES } from '#shared/booking/admin.ts';
import {
  isChristmasDay,
  isClosedDate,
  outsideSpecialHours,
  SERVICES,
  type Service,
  servicesOn,
  specialHoursOn,
} from '#shared/booking/rules.ts';
import type { AvailabilitySlot, StoredBooking } from '#shared/booking/schemas.ts';
import type { BookingStatus } from '#shared/booking/status.ts';
import { MARKETING_CSV_PATH } from '#shared/privacy/mailing-list.ts';
import { ADMIN_MESSAGES } from '#shared/staff/messages.ts';
import { plural } from '#shared/text/plural.ts';
import { isRealIsoDate, londonToday } from '#shared/time/london-time.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useVenue } from '#web/features/content/site-content.tsx';
import { useContent } from '#web/features/content/use-content.ts';
import { useDayNotes } from '#web/features/profiles/use-day-notes.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { useCanUse } from '#web/features/staff/admin-session.tsx';
import { DayHeading, DayPicker, SegmentedChoice, toolButton } from '#web/features/staff/day-controls.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import * as api from './api.ts';
import { BookingDrawer } from './booking-drawer.tsx';
import { CancelBookingQuestion } from './cancel-booking-dialog.tsx';
import { activeGuests, bookingButtonId, ServiceSection } from './service-section.tsx';
import { useDayData } from './use-day-data.ts';

// Their own chunks: this screen's JavaScript is at its budget. Closing a service is rare, so its dialog loads
// when first asked for, and then stays; the occasions' part is a small extra.
const CloseServiceDialog = lazy(() =>
  import('./close-service-dialog.tsx').then((module) => ({ default: module.CloseServiceDialog })),
);
const OccasionsToday = lazy(() =>
  import('#web/features/occasions/admin/occasions-today.tsx').then((module) => ({
    default: module.OccasionsToday,
  })),
);

const SCOPE_LABELS: Record<BookingScope, string> = { all: 'All', lunch: 'Lunch', dinner: 'Dinner' };

/** The day view of table bookings (spec §2 Admin bookings). Date and scope live in the address. */
export function BookingsDayPage() {
  const settings = useContent('booking-settings');
  const { specialDates } = useVenue();
  useAdminTitle('Bookings');
  const can = useCanUse();
  const [params, setParams] = useSearchParams();
  const today = londonToday();
  const requestedDate = params.get('date') ?? '';
  const date = isRealIsoDate(requestedDate) ? requestedDate : today;
  const requestedScope = params.get('scope') as BookingScope | null;
  const scope: BookingScope =
    requestedScope && BOOKING_SCOPES.includes(requestedScope) ? requestedScope : 'all';
  const day = useDayData(date);
  const guestNotes = useDayNotes(date, can('GET /api/admin/profiles/notes'));
  const [openId, setOpenId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<StoredBooking | null>(null);
  const [closing, setClosing] = useState<Service | null>(null);
  // Mounted from the first time it is asked for, then kept, so it closes (and gives focus back) as it opened.
  const [closeDialogWanted, setCloseDialogWanted] = useState(false);
  const [occasionsVersion, setOccasionsVersion] = useState(0);

  function go(next: { date?: string; scope?: BookingScope }) {
    const nextDate = next.date ?? date;
    const nextScope = next.scope ?? scope;
    setParams(
      {
        ...(nextDate === today ? {} : { date: nextDate }),
        ...(nextScope === 'all' ? {} : { scope: nextScope }),
      },
      { replace: true },
    );
  }

  /** A cancellation is asked first: staff choose whether the guest is e-mailed. */
  function changeStatus(booking: StoredBooking, status: BookingStatus) {
    if (status === 'CANCELLED') setCancelling(booking);
    else void saveStatus(booking, { status });
  }

  async function saveStatus(
    booking: StoredBooking,
    change: { status: BookingStatus; notifyGuest?: boolean },
  ) {
    day.putBooking({ ...booking, status: change.status });
    try {
      day.putBooking(await api.changeBooking(booking._id, change));
      day.reload('availability');
    } catch {
      day.putBooking(booking);
      window.alert(ADMIN_MESSAGES.updateStatus);
    }
  }

  function confirmCancel(notifyGuest: boolean) {
    const booking = cancelling;
    setCancelling(null);
    if (booking) void saveStatus(booking, { status: 'CANCELLED', notifyGuest });
  }

  function showChanged(booking: StoredBooking) {
    day.putBooking(booking);
    day.reload('availability');
  }

  async function toggleClosure(service: Service) {
    const closure = day.closures.find((entry) => entry.service === service);
    if (!closure) {
      setCloseDialogWanted(true);
      setClosing(service);
      return;
    }
    try {
      await api.reopenService(closure._id);
    } catch {
      window.alert(ADMIN_MESSAGES.toggleClosure);
    }
    day.reload('availability');
  }

  /** The dialog shows what closing did, or why it failed; the day behind it shows any bookings it cancelled. */
  async function confirmClose(request: Parameters<typeof api.closeService>[0]) {
    const closed = await api.closeService(request);
    day.reload();
    return closed;
  }

  const loaded = day.bookings.status === 'ready' ? day.bookings.bookings : [];
  // A booking moved to another day leaves the list; the drawer keeps showing it until staff close it.
  const bookings = loaded.filter((booking) => booking.date === date);
  const scheduled = settings ? servicesOn(date, settings) : [];
  const services = SERVICES.filter(
    (service) =>
      (scope === 'all' || scope === service) &&
      (scheduled.includes(service) || bookings.some((booking) => booking.service === service)),
  );
  const firstBooking = services.flatMap((service) =>
    bookings.filter((booking) => booking.service === service),
  )[0];
  const totals = activeGuests(bookings.filter((booking) => scope === 'all' || booking.service === scope));
  const openBooking = loaded.find((booking) => booking._id === openId) ?? null;
  const csvHref = `/api/bookings.csv?date=${date}&scope=${scope}`;
  const hours = specialHoursOn(date, specialDates);
  /** A slot closed by the clock alone: not by a closure, a closed day or the day's special hours. */
  const closedByTime = (slot: AvailabilitySlot) =>
    slot.closed &&
    !day.closures.some((closure) => closure.service === slot.service) &&
    !isClosedDate(date, specialDates) &&
    !(settings && outsideSpecialHours(slot.time, hours, settings));

  return (
    <div className="relative space-y-5">
      {firstBooking && settings ? (
        <a
          href={`#${bookingButtonId(firstBooking)}`}
          onClick={(event) => {
            event.preventDefault();
            document.getElementById(bookingButtonId(firstBooking))?.focus();
          }}
          className="sr-only z-10 rounded bg-brass-400 px-4 py-2 font-semibold text-green-950 no-underline focus:not-sr-only focus:absolute focus:top-0 focus:left-0"
        >
          Skip to the bookings
        </a>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <DayHeading title="Bookings" date={date} today={today} />
        {day.bookings.status === 'ready' ? (
          <p className="text-ink-soft">
            {plural(totals.bookings, 'booking', 'bookings')} · {plural(totals.guests, 'guest', 'guests')}
          </p>
        ) : null}
      </div>

      <div className="card flex flex-wrap items-end gap-x-6 gap-y-4 p-4">
        <DayPicker id="day-date" date={date} today={today} onDate={(next) => go({ date: next })} />
        <SegmentedChoice
          legend="Service"
          name="scope"
          options={BOOKING_SCOPES.map((option) => ({ value: option, label: SCOPE_LABELS[option] }))}
          value={scope}
          onChange={(next) => go({ scope: next })}
        />
        <Link to={`/admin/bookings/new?date=${date}`} className="btn-dark min-h-11 px-5 py-2">
          New booking
        </Link>
        <Link to="/admin/walk-in" className="btn-outline min-h-11 px-5 py-2">
          Walk-in
        </Link>
        <Link to={`/admin/standby?date=${date}`} className="btn-outline min-h-11 px-5 py-2">
          Standby list
        </Link>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <button
            type="button"
            className={toolButton}
            onClick={() => {
              day.reload();
              setOccasionsVersion((version) => version + 1);
            }}
          >
            Refresh
          </button>
          {can('GET /api/bookings.csv') ? (
            <a href={csvHref} download className={`${toolButton} no-underline`}>
              Export CSV
            </a>
          ) : null}
          {can('GET /api/admin/marketing/consents.csv') ? (
            <a href={MARKETING_CSV_PATH} download className={`${toolButton} no-underline`}>
              Download the mailing list (CSV)
            </a>
          ) : null}
        </div>
      </div>

      {isChristmasDay(date) ? (
        <div className="card flex flex-wrap items-center justify-between gap-x-6 gap-y-3 p-4">
          <p className="font-semibold text-green-900">{CHRISTMAS_DAY_TABLES.notice}</p>
          <Link to="/admin/christmas" className="btn-dark min-h-11 px-5 py-2">
            {CHRISTMAS_DAY_TABLES.link}
          </Link>
        </div>
      ) : null}

      <Suspense fallback={null}>
        <OccasionsToday date={date} today={today} version={occasionsVersion} />
      </Suspense>

      {day.bookings.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading bookings…
        </p>
      ) : day.bookings.status === 'failed' ? (
        <Notice tone="error">{ADMIN_MESSAGES.loadBookings}</Notice>
      ) : services.length === 0 ? (
        <div className="card p-8 text-center">
          <p className="font-serif text-2xl text-green-900">No service on this day</p>
          <p className="mt-2 text-ink-soft">
            {scheduled.length === 0
              ? 'The kitchen takes no bookings on this day.'
              : `There is no ${SCOPE_LABELS[scope].toLowerCase()} service on this day.`}
          </p>
        </div>
      ) : (
        settings &&
        services.map((service) => (
          <ServiceSection
            key={service}
            date={date}
            settings={settings}
            specialDates={specialDates}
            service={service}
            scheduled={scheduled.includes(service)}
            bookings={bookings.filter((booking) => booking.service === service)}
            payments={day.payments}
            slots={day.slots.filter((slot) => slot.service === service)}
            closure={day.closures.find((closure) => closure.service === service)}
            onToggleClosure={can('POST /api/closures') ? toggleClosure : undefined}
            onStatusChange={changeStatus}
            onOpen={(booking) => setOpenId(booking._id)}
            noteFor={guestNotes.noteFor}
          />
        ))
      )}
      {date === today && day.slots.some(closedByTime) ? (
        <p className="text-sm text-ink-soft">
          Times that have passed, or start within the hour, are closed to online bookings.
        </p>
      ) : null}

      <BookingDrawer
        key={openId}
        // Out of the way while a cancellation is asked: one dialog at a time.
        booking={cancelling ? null : openBooking}
        onClose={() => setOpenId(null)}
        onStatusChange={changeStatus}
        onChanged={showChanged}
        showHistory={can('GET /api/admin/bookings/:id/history')}
        canResendConfirmation={can('POST /api/admin/bookings/:id/resend-confirmation')}
        canTakePaymentActions={can('POST /api/admin/bookings/:id/payment/no-show-fee')}
        onPaymentChanged={() => day.reload('payments')}
        showGuestProfile={can('GET /api/admin/profiles')}
        onGuestChanged={guestNotes.reload}
      />
      <ConfirmDialog subject={cancelling} onKeep={() => setCancelling(null)}>
        {(booking) => <CancelBookingQuestion booking={booking} onConfirm={confirmCancel} />}
      </ConfirmDialog>
      {closeDialogWanted ? (
        <Suspense fallback={null}>
          <CloseServiceDialog
            date={date}
            service={closing}
            bookings={bookings.filter((booking) => booking.service === closing)}
            onClose={() => setClosing(null)}
            onConfirm={confirmClose}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
