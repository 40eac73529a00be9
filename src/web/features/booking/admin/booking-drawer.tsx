import { Fragment, lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { madeAndChangedBy } from '#shared/audit/made-by.ts';
import { serviceLabel } from '#shared/booking/rules.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { BookingStatus } from '#shared/booking/status.ts';
import { formatLongDate, formatTime, londonToday } from '#shared/time/london-time.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { CloseButton, DetailRow, Dialog } from '#web/components/dialog.tsx';
import { ComingTick } from '#web/features/manage/coming-tick.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { bookingFlags } from './booking-flags.tsx';
import { EditBookingForm } from './edit-booking-form.tsx';
import { ResendConfirmation } from './resend-confirmation.tsx';
import { StatusSelect } from './status-select.tsx';

/** Staff ask for the history now and then: its code loads when they do (the day view's budget, performance.md). */
const BookingHistory = lazy(() =>
  import('#web/features/audit/booking-history.tsx').then((module) => ({ default: module.BookingHistory })),
);

/** Loaded only when a drawer opens, so the day view's own chunk carries neither the table nor the night's steps
 * (issue 28). */
const DrawerTable = lazy(() =>
  import('#web/features/tables/admin/drawer-table.tsx').then((module) => ({ default: module.DrawerTable })),
);
/** A booking's deposit or card guarantee (issue 29), loaded when a drawer opens, as the table is. */
const DrawerPayment = lazy(() =>
  import('#web/features/deposits/admin/drawer-payment.tsx').then((module) => ({
    default: module.DrawerPayment,
  })),
);
/** The guest's tags and note, and their profile to change them (issue 32): loaded when a drawer opens. */
const DrawerGuest = lazy(() =>
  import('#web/features/profiles/drawer-guest.tsx').then((module) => ({ default: module.DrawerGuest })),
);
/** Loaded as the table is: the night's steps for a booking of today or before. */
const ArrivalButtons = lazy(() =>
  import('#web/features/tables/admin/arrival-buttons.tsx').then((module) => ({
    default: module.ArrivalButtons,
  })),
);

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Everything about one booking (spec §2), in a panel from the right: its status, and "Change booking" for
 * its date, time, party and notes (issue 17), as a form in the panel. Give it a key per booking: what staff
 * saved last is said until they close it.
 */
export function BookingDrawer({
  booking,
  onClose,
  onStatusChange,
  onChanged,
  showHistory = false,
  canResendConfirmation = false,
  canTakePaymentActions = false,
  onPaymentChanged = () => {},
  showGuestProfile = false,
  onGuestChanged = () => {},
}: {
  booking: StoredBooking | null;
  onClose: () => void;
  onStatusChange: (booking: StoredBooking, status: BookingStatus) => void;
  /** The booking as saved after a change: it may be on another day now. */
  onChanged: (booking: StoredBooking) => void;
  /** The booking's history from the audit trail, for managers and the owner. */
  showHistory?: boolean;
  /** "Resend confirmation", for managers and the owner. */
  canResendConfirmation?: boolean;
  /** Refund or keep a deposit, charge a no-show fee: for managers and the owner. */
  canTakePaymentActions?: boolean;
  /** The booking's payment changed, or may have (a refund left pending). */
  onPaymentChanged?: () => void;
  /** The guest's profile (their tags and note), for managers and the owner. */
  showGuestProfile?: boolean;
  /** The guest's tags or note changed. */
  onGuestChanged?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [savedMessage, setSavedMessage] = useState('');
  const [arrivalsMarked, setArrivalsMarked] = useState(0);
  const changeButton = useRef<HTMLButtonElement>(null);
  const savedNotice = useRef<HTMLDivElement>(null);
  const focusAfterForm = useRef<RefObject<HTMLElement | null>>(null);

  /** Back from the form: to what was saved, or to the button that opened it. */
  function leaveForm(focus: RefObject<HTMLElement | null>) {
    focusAfterForm.current = focus;
    setEditing(false);
  }

  // Once the panel is back in the page: a frame after leaving the form can come before React has committed it.
  useEffect(() => {
    if (editing) return;
    focusAfterForm.current?.current?.focus();
    focusAfterForm.current = null;
  }, [editing]);

  const notes: [string, string][] = booking
    ? (
        [
          ['Allergies', booking.allergies],
          ['Occasion notes', booking.occasionNotes],
          ['Accessibility', booking.accessibilityNotes],
          ['Special notes', booking.specialNotes],
        ] as [string, string][]
      ).filter(([, text]) => text)
    : [];
  const flags = booking ? bookingFlags(booking) : [];

  return (
    <Dialog
      open={booking !== null}
      onClose={onClose}
      labelledBy="booking-drawer-title"
      overlayClassName="justify-end"
      className="flex h-full w-full max-w-md flex-col overflow-y-auto bg-cream-50 shadow-2xl"
    >
      {booking ? (
        <>
          <div className="flex items-start justify-between gap-4 border-b border-cream-200 bg-white px-5 py-4">
            <div>
              <p className="eyebrow text-xs">Booking {booking.reference}</p>
              <h2 id="booking-drawer-title" className="mt-1 font-serif text-2xl break-words">
                {booking.name}
              </h2>
            </div>
            <CloseButton onClose={onClose} />
          </div>
          {editing ? (
            <div className="px-5 py-5">
              <EditBookingForm
                booking={booking}
                onSaved={(saved, message) => {
                  onChanged(saved);
                  setSavedMessage(message);
                  leaveForm(savedNotice);
                }}
                onKeep={() => leaveForm(changeButton)}
              />
            </div>
          ) : (
            <div className="space-y-5 px-5 py-5">
              {savedMessage ? (
                <div ref={savedNotice} tabIndex={-1}>
                  <Notice tone="success">{savedMessage}</Notice>
                </div>
              ) : null}
              {showGuestProfile ? (
                <Suspense fallback={null}>
                  <DrawerGuest guest={booking} onChanged={onGuestChanged} />
                </Suspense>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {booking.email ? (
                  <a href={`mailto:${booking.email}`} className="btn-dark min-h-11 px-4 py-2 text-sm">
                    Email guest
                  </a>
                ) : null}
                {booking.phone ? (
                  <a href={telHref(booking.phone)} className="btn-outline min-h-11 px-4 py-2 text-sm">
                    Call
                  </a>
                ) : null}
              </div>
              {booking.status === 'CANCELLED' ? null : (
                <Suspense fallback={null}>
                  <DrawerTable booking={booking} onChanged={onChanged} />
                </Suspense>
              )}
              {booking.status === 'CANCELLED' || booking.date > londonToday() ? null : (
                <Suspense fallback={null}>
                  <ArrivalButtons
                    bookingId={booking._id}
                    date={booking.date}
                    onMarked={() => setArrivalsMarked((count) => count + 1)}
                  />
                </Suspense>
              )}
              {canResendConfirmation && booking.status !== 'CANCELLED' ? (
                <ResendConfirmation booking={booking} />
              ) : null}
              <Suspense fallback={null}>
                {/* Read again after an arrival is marked: a no-show opens the way to the fee. */}
                <DrawerPayment
                  key={arrivalsMarked}
                  booking={booking}
                  canAct={canTakePaymentActions}
                  onChanged={onPaymentChanged}
                />
              </Suspense>
              <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
                <div>
                  <label htmlFor="drawer-status" className="field-label">
                    Status
                  </label>
                  <StatusSelect
                    id="drawer-status"
                    value={booking.status}
                    onChange={(status) => onStatusChange(booking, status)}
                  />
                </div>
                {booking.status === 'CANCELLED' ? null : (
                  <button
                    ref={changeButton}
                    type="button"
                    onClick={() => {
                      setSavedMessage('');
                      setEditing(true);
                    }}
                    className="btn-outline min-h-11 px-5 py-2 text-sm"
                  >
                    Change booking
                  </button>
                )}
              </div>
              <dl className="divide-y divide-cream-200 border-y border-cream-200">
                <DetailRow term="Email">
                  {booking.email ? (
                    <a href={`mailto:${booking.email}`} className="link break-all">
                      {booking.email}
                    </a>
                  ) : (
                    '—'
                  )}
                </DetailRow>
                <DetailRow term="Phone">
                  {booking.phone ? (
                    <a href={telHref(booking.phone)} className="link">
                      {booking.phone}
                    </a>
                  ) : (
                    '—'
                  )}
                </DetailRow>
                <DetailRow term="Date">{formatLongDate(booking.date)}</DetailRow>
                <DetailRow term="Service">{serviceLabel(booking.service, booking.date)}</DetailRow>
                <DetailRow term="Time">{formatTime(booking.timeSlot)}</DetailRow>
                <DetailRow term="Event">{booking.eventSlug ?? '—'}</DetailRow>
                <DetailRow term="Adults">{booking.partyAdults}</DetailRow>
                <DetailRow term="Children">{booking.partyChildren}</DetailRow>
                <DetailRow term="Total">{booking.partySize}</DetailRow>
                <DetailRow term="Flags">{flags.length > 0 ? flags.join(', ') : '—'}</DetailRow>
                {booking.comingConfirmedAt ? (
                  <DetailRow term="Coming">
                    <ComingTick /> {formatLondonMoment(booking.comingConfirmedAt)}
                  </DetailRow>
                ) : null}
                {booking.occasion !== 'None' ? (
                  <DetailRow term="Occasion">{booking.occasion}</DetailRow>
                ) : null}
                {notes.map(([term, text]) => (
                  <DetailRow key={term} term={term}>
                    {text}
                  </DetailRow>
                ))}
              </dl>
              <p className="text-sm text-ink-soft">
                Created {formatLondonMoment(booking.createdAt)}
                <br />
                Updated {formatLondonMoment(booking.updatedAt)}
                {madeAndChangedBy(booking).map((line) => (
                  <Fragment key={line}>
                    <br />
                    {line}
                  </Fragment>
                ))}
              </p>
              {showHistory ? (
                <Suspense fallback={<p className="text-sm text-ink-soft">Loading the history…</p>}>
                  <BookingHistory key={booking.updatedAt} bookingId={booking._id} />
                </Suspense>
              ) : null}
            </div>
          )}
        </>
      ) : null}
    </Dialog>
  );
}
