import type { ReactNode } from 'react';
import { serviceLabel } from '../../../../shared/booking/rules.ts';
import type { StoredBooking } from '../../../../shared/booking/schemas.ts';
import type { BookingStatus } from '../../../../shared/booking/status.ts';
import { formatLongDate, formatTime } from '../../../../shared/time/london-time.ts';
import { formatLondonMoment } from '../../../../shared/time/staff-dates.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { bookingFlags } from './booking-flags.tsx';
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

/** Everything about one booking (spec §2), in a panel from the right. */
export function BookingDrawer({
  booking,
  onClose,
  onStatusChange,
}: {
  booking: StoredBooking | null;
  onClose: () => void;
  onStatusChange: (booking: StoredBooking, status: BookingStatus) => void;
}) {
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
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-green-900 hover:bg-cream-100"
            >
              <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className="space-y-5 px-5 py-5">
            <div className="flex flex-wrap gap-2">
              <a href={`mailto:${booking.email}`} className="btn-dark px-4 py-2 text-sm">
                Email guest
              </a>
              <a href={telHref(booking.phone)} className="btn-outline px-4 py-2 text-sm">
                Call
              </a>
            </div>
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
            <dl className="divide-y divide-cream-200 border-y border-cream-200">
              <Row term="Email">
                <a href={`mailto:${booking.email}`} className="link break-all">
                  {booking.email}
                </a>
              </Row>
              <Row term="Phone">
                <a href={telHref(booking.phone)} className="link">
                  {booking.phone}
                </a>
              </Row>
              <Row term="Date">{formatLongDate(booking.date)}</Row>
              <Row term="Service">{serviceLabel(booking.service, booking.date)}</Row>
              <Row term="Time">{formatTime(booking.timeSlot)}</Row>
              <Row term="Event">{booking.eventSlug ?? '—'}</Row>
              <Row term="Adults">{booking.partyAdults}</Row>
              <Row term="Children">{booking.partyChildren}</Row>
              <Row term="Total">{booking.partySize}</Row>
              <Row term="Flags">{flags.length > 0 ? flags.join(', ') : '—'}</Row>
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
            </p>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
