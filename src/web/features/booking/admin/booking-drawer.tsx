import { Fragment, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { madeAndChangedBy } from '#shared/audit/made-by.ts';
import { serviceLabel } from '#shared/booking/rules.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { BookingStatus } from '#shared/booking/status.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { CloseButton, Dialog } from '#web/components/dialog.tsx';
import { BookingHistory } from '#web/features/audit/booking-history.tsx';
import { ComingTick } from '#web/features/manage/coming-tick.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { bookingFlags } from './booking-flags.tsx';
import { EditBookingForm } from './edit-booking-form.tsx';
import { ResendConfirmation } from './resend-confirmation.tsx';
import { StatusSelect } from './status-select.tsx';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2">
      <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

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
}) {
  const [editing, setEditing] = useState(false);
  const [savedMessage, setSavedMessage] = useState('');
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
              {canResendConfirmation && booking.status !== 'CANCELLED' ? (
                <ResendConfirmation booking={booking} />
              ) : null}
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
                <Row term="Email">
                  {booking.email ? (
                    <a href={`mailto:${booking.email}`} className="link break-all">
                      {booking.email}
                    </a>
                  ) : (
                    '—'
                  )}
                </Row>
                <Row term="Phone">
                  {booking.phone ? (
                    <a href={telHref(booking.phone)} className="link">
                      {booking.phone}
                    </a>
                  ) : (
                    '—'
                  )}
                </Row>
                <Row term="Date">{formatLongDate(booking.date)}</Row>
                <Row term="Service">{serviceLabel(booking.service, booking.date)}</Row>
                <Row term="Time">{formatTime(booking.timeSlot)}</Row>
                <Row term="Event">{booking.eventSlug ?? '—'}</Row>
                <Row term="Adults">{booking.partyAdults}</Row>
                <Row term="Children">{booking.partyChildren}</Row>
                <Row term="Total">{booking.partySize}</Row>
                <Row term="Flags">{flags.length > 0 ? flags.join(', ') : '—'}</Row>
                {booking.comingConfirmedAt ? (
                  <Row term="Coming">
                    <ComingTick /> {formatLondonMoment(booking.comingConfirmedAt)}
                  </Row>
                ) : null}
                {booking.occasion !== 'None' ? <Row term="Occasion">{booking.occasion}</Row> : null}
                {notes.map(([term, text]) => (
                  <Row key={term} term={term}>
                    {text}
                  </Row>
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
              {showHistory ? <BookingHistory key={booking.updatedAt} bookingId={booking._id} /> : null}
            </div>
          )}
        </>
      ) : null}
    </Dialog>
  );
}
