import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Service } from '#shared/booking/rules.ts';
import { serviceLabel, serviceName } from '#shared/booking/rules.ts';
import type { ClosedService, ServiceClosureRequestInput, StoredBooking } from '#shared/booking/schemas.ts';
import { holdsItsPlace } from '#shared/booking/status.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import {
  ADMIN_MESSAGES,
  CLOSURE_REASON_MAX_LENGTH,
  SERVICE_CLOSING_TEXTS as TEXTS,
} from '#shared/staff/messages.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { ChoiceOption } from '#web/components/choice-option.tsx';
import { Dialog } from '#web/components/dialog.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { failureText } from '#web/lib/api.ts';

function BookingsToClose({
  bookings,
  service,
  headingId,
}: {
  bookings: StoredBooking[];
  service: string;
  headingId: string;
}) {
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="font-semibold text-green-900">
        {TEXTS.bookingsHeading(bookings.length, service)}
      </h3>
      <ul className="mt-2 divide-y divide-cream-200 rounded-lg border border-cream-200">
        {bookings.map((booking) => (
          <li key={booking._id} className="flex gap-3 px-3 py-2.5">
            <span className="w-14 shrink-0 font-semibold">{formatTime(booking.timeSlot)}</span>
            <span className="min-w-0">
              <span className="block font-semibold break-words text-green-900">
                {booking.name} · {plural(booking.partySize, 'guest', 'guests')}
              </span>
              {booking.email ? (
                <span className="block text-sm break-all text-ink-soft">{booking.email}</span>
              ) : (
                <span className="block text-sm font-semibold text-burgundy-800">
                  {TEXTS.noEmail(booking.phone)}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CloseServiceQuestion({
  date,
  service,
  bookings,
  titleId,
  onClose,
  onConfirm,
  onClosed,
}: {
  date: string;
  service: Service;
  bookings: StoredBooking[];
  titleId: string;
  onClose: () => void;
  onConfirm: (request: ServiceClosureRequestInput) => Promise<ClosedService>;
  onClosed: (closed: ClosedService) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [cancelBookings, setCancelBookings] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = serviceName(service, date);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      onClosed(await onConfirm({ date, service, reason: reason.trim(), cancelBookings }));
    } catch (failure) {
      setError(failureText(failure, ADMIN_MESSAGES.toggleClosure));
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <h2 id={titleId} className="font-serif text-2xl">
        {TEXTS.title(name, formatLongDate(date))}
      </h2>
      <p className="mt-2 text-ink-soft">
        {TEXTS.guestsSeeClosed(name)}
        {bookings.length === 0 ? ` ${TEXTS.bookingsStay}` : null}
      </p>
      {bookings.length > 0 ? (
        <>
          <BookingsToClose bookings={bookings} service={name} headingId={`${id}-bookings`} />
          <fieldset className="mt-5">
            <legend className="field-label">{TEXTS.choiceLegend}</legend>
            <div className="space-y-2">
              <ChoiceOption
                name={`${id}-choice`}
                checked={!cancelBookings}
                label={TEXTS.keepBookings}
                onSelect={() => setCancelBookings(false)}
              />
              <ChoiceOption
                name={`${id}-choice`}
                checked={cancelBookings}
                label={TEXTS.cancelBookings(bookings.length)}
                hint={TEXTS.apologyContents}
                onSelect={() => setCancelBookings(true)}
              />
            </div>
          </fieldset>
        </>
      ) : null}
      <label htmlFor={`${id}-reason`} className="field-label mt-5">
        {TEXTS.reasonLabel}
      </label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={CLOSURE_REASON_MAX_LENGTH}
        onChange={(event) => setReason(event.target.value)}
        className="field-input"
        placeholder={TEXTS.reasonPlaceholder}
      />
      {error ? (
        <div className="mt-5">
          <Notice tone="error">{error}</Notice>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <button
          type="submit"
          disabled={sending}
          className={
            cancelBookings
              ? 'btn min-h-12 bg-burgundy-700 text-cream-50 hover:bg-burgundy-800'
              : 'btn-dark min-h-12'
          }
        >
          {sending
            ? TEXTS.closing
            : cancelBookings
              ? TEXTS.closeAndCancel(name, bookings.length)
              : TEXTS.close(name)}
        </button>
        <button type="button" onClick={onClose} className="btn-outline min-h-12">
          {TEXTS.keepOpen}
        </button>
      </div>
    </form>
  );
}

/** What closing did: the bookings cancelled, the guests e-mailed, and those to phone. */
function ClosedServiceOutcome({
  closed,
  titleId,
  onDone,
}: {
  closed: ClosedService;
  titleId: string;
  onDone: () => void;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { closure, cancelledBookings, guestsEmailed } = closed;
  const toPhone = cancelledBookings.filter((booking) => !booking.email);

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="font-serif text-2xl focus:outline-none">
        {TEXTS.closedTitle(serviceLabel(closure.service, closure.date))}
      </h2>
      <div className="mt-4">
        <Notice tone="success">
          {TEXTS.cancelled(cancelledBookings.length)} {TEXTS.guestsEmailed(guestsEmailed)}
        </Notice>
      </div>
      {toPhone.length > 0 ? (
        <section aria-labelledby={`${id}-phone`} className="mt-5">
          <h3 id={`${id}-phone`} className="font-semibold text-green-900">
            {TEXTS.guestsToPhone(toPhone.length)}
          </h3>
          <ul className="mt-2 divide-y divide-cream-200 rounded-lg border border-cream-200">
            {toPhone.map((booking) => (
              <li key={booking._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5">
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-green-900">{booking.name}</span>
                  <span className="block text-sm text-ink-soft">
                    {formatTime(booking.timeSlot)} · {booking.reference}
                  </span>
                </span>
                <a href={telephoneHref(booking.phone)} className="btn-outline min-h-11 px-4 py-2 text-sm">
                  {booking.phone}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <button type="button" onClick={onDone} className="btn-dark mt-6 min-h-12">
        {TEXTS.done}
      </button>
    </div>
  );
}

/** The question, then, once bookings were cancelled, what was done. */
function CloseServiceSteps({
  titleId,
  onClose,
  ...question
}: {
  date: string;
  service: Service;
  bookings: StoredBooking[];
  titleId: string;
  onClose: () => void;
  onConfirm: (request: ServiceClosureRequestInput) => Promise<ClosedService>;
}) {
  const [closed, setClosed] = useState<ClosedService | null>(null);
  if (closed) return <ClosedServiceOutcome closed={closed} titleId={titleId} onDone={onClose} />;
  return (
    <CloseServiceQuestion
      {...question}
      titleId={titleId}
      onClose={onClose}
      onClosed={(result) => (result.cancelledBookings.length > 0 ? setClosed(result) : onClose())}
    />
  );
}

/**
 * Asks before closing a lunch or dinner service. When it has bookings, lists them with how to reach each
 * guest, and staff choose to keep them or to cancel them and e-mail each guest an apology; then says what was
 * done and whom to phone.
 */
export function CloseServiceDialog({
  date,
  service,
  bookings,
  onClose,
  onConfirm,
}: {
  date: string;
  service: Service | null;
  /** The service's bookings as the day shows them; those holding their places are listed. */
  bookings: StoredBooking[];
  onClose: () => void;
  onConfirm: (request: ServiceClosureRequestInput) => Promise<ClosedService>;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={service !== null}
      onClose={onClose}
      labelledBy={titleId}
      className="card max-h-[calc(100dvh-2rem)] w-full max-w-lg overflow-y-auto p-6"
    >
      {service ? (
        <CloseServiceSteps
          date={date}
          service={service}
          bookings={bookings.filter((booking) => holdsItsPlace(booking.status))}
          titleId={titleId}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      ) : null}
    </Dialog>
  );
}
