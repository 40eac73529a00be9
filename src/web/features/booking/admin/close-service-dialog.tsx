import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { Service } from '#shared/booking/rules.ts';
import { serviceLabel, serviceName } from '#shared/booking/rules.ts';
import {
  type ClosedService,
  type ServiceClosureRequestInput,
  type StoredBooking,
  serviceClosureRequestSchema,
} from '#shared/booking/schemas.ts';
import { holdsItsPlace } from '#shared/booking/status.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { ADMIN_MESSAGES, SERVICE_CLOSING_TEXTS as TEXTS } from '#shared/staff/messages.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { ConfirmDialog, ConfirmForm, useConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { FormChoiceField } from '#web/forms/fields.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { ClosureReasonField } from './closure-reason-field.tsx';

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
  onConfirm,
  onClosed,
}: {
  date: string;
  service: Service;
  bookings: StoredBooking[];
  onConfirm: (request: ServiceClosureRequestInput) => Promise<ClosedService>;
  onClosed: (closed: ClosedService) => void;
}) {
  const id = useId();
  const name = serviceName(service, date);
  const question = useSiteForm<ServiceClosureRequestInput>({
    defaultValues: { date, service, reason: '', cancelBookings: false },
    validate: schemaResolver(serviceClosureRequestSchema),
    send: async (request) => onClosed(await onConfirm(request)),
    failure: ADMIN_MESSAGES.toggleClosure,
  });
  const cancelBookings = useWatch({ control: question.form.control, name: 'cancelBookings' }) === true;

  return (
    <ConfirmForm
      form={question}
      title={TEXTS.title(name, formatLongDate(date))}
      confirmLabel={cancelBookings ? TEXTS.closeAndCancel(name, bookings.length) : TEXTS.close(name)}
      busyLabel={TEXTS.closing}
      keepLabel={TEXTS.keepOpen}
      tone={cancelBookings ? 'danger' : 'plain'}
    >
      <p className="mt-2 text-ink-soft">
        {TEXTS.guestsSeeClosed(name)}
        {bookings.length === 0 ? ` ${TEXTS.bookingsStay}` : null}
      </p>
      {bookings.length > 0 ? (
        <>
          <BookingsToClose bookings={bookings} service={name} headingId={`${id}-bookings`} />
          <FormChoiceField
            name="cancelBookings"
            legend={TEXTS.choiceLegend}
            className="mt-5"
            choices={[
              { value: false, label: TEXTS.keepBookings },
              { value: true, label: TEXTS.cancelBookings(bookings.length), hint: TEXTS.apologyContents },
            ]}
          />
        </>
      ) : null}
      <ClosureReasonField placeholder={TEXTS.reasonPlaceholder} />
    </ConfirmForm>
  );
}

/** What closing did: the bookings cancelled, the guests e-mailed, and those to phone. */
function ClosedServiceOutcome({ closed }: { closed: ClosedService }) {
  const id = useId();
  const { titleId, onKeep: onDone } = useConfirmDialog();
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
function CloseServiceSteps(question: {
  date: string;
  service: Service;
  bookings: StoredBooking[];
  onConfirm: (request: ServiceClosureRequestInput) => Promise<ClosedService>;
}) {
  const { onKeep } = useConfirmDialog();
  const [closed, setClosed] = useState<ClosedService | null>(null);
  if (closed) return <ClosedServiceOutcome closed={closed} />;
  return (
    <CloseServiceQuestion
      {...question}
      onClosed={(result) => (result.cancelledBookings.length > 0 ? setClosed(result) : onKeep())}
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
  return (
    <ConfirmDialog
      subject={service}
      onKeep={onClose}
      className="card max-h-[calc(100dvh-2rem)] w-full max-w-lg overflow-y-auto p-6"
    >
      {(subject) => (
        <CloseServiceSteps
          date={date}
          service={subject}
          bookings={bookings.filter((booking) => holdsItsPlace(booking.status))}
          onConfirm={onConfirm}
        />
      )}
    </ConfirmDialog>
  );
}
