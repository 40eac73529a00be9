import { type ReactNode, useEffect, useId, useState } from 'react';
import { telephoneHref } from '#shared/content/venue.ts';
import { formatMoney } from '#shared/money/money.ts';
import type { OccasionPage } from '#shared/occasions/api.ts';
import { OCCASION_BOOKING_MESSAGES, refundTermText } from '#shared/occasions/messages.ts';
import { isTicketed, refundableUntil } from '#shared/occasions/rules.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { fieldErrorId, TextField } from '#web/components/form-fields.tsx';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { FormContactFields, FormNotesField } from '#web/forms/field-groups.tsx';
import { FormSelectField, useConnectedField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { useVenue } from '../content/site-content.tsx';
import * as api from './api.ts';
import {
  bookingRequest,
  emptyBookingValues,
  type OccasionBookingState,
  type OccasionBookingValues,
  occasionBookingState,
} from './booking-values.ts';
import { bookLabel, sittingText } from './occasion-words.ts';
import { FormPartyNotesFields } from './party-notes-fields.tsx';

const NOTES_MAX_LENGTH = 500;
const BOOKING_FIELDS: (keyof OccasionBookingValues)[] = [
  'date',
  'sittingId',
  'adults',
  'children',
  'name',
  'email',
  'phone',
  'allergies',
  'occasionNotes',
  'notes',
];

type OccasionDate = OccasionPage['dates'][number];

function dateIsOpen(date: OccasionDate): boolean {
  return date.bookable && date.sittings.some((sitting) => !sitting.closed && sitting.remaining > 0);
}

function dateOptionText(date: OccasionDate): string {
  if (!date.bookable) return `${formatLongDate(date.date)} — Booking closed`;
  if (!dateIsOpen(date)) {
    const closed = date.sittings.every((sitting) => sitting.closed);
    return `${formatLongDate(date.date)} — ${closed ? 'Closed' : 'Fully booked'}`;
  }
  return formatLongDate(date.date);
}

function DateField({ page }: { page: OccasionPage }) {
  return (
    <FormSelectField name="date" label="Date" required>
      <option value="">Choose a date</option>
      {page.dates.map((date) => (
        <option key={date.date} value={date.date} disabled={!dateIsOpen(date)}>
          {dateOptionText(date)}
        </option>
      ))}
    </FormSelectField>
  );
}

function SittingField({ page, date }: { page: OccasionPage; date: OccasionDate | undefined }) {
  return (
    <FormSelectField
      name="sittingId"
      label="Sitting"
      required
      hint={date ? undefined : 'Choose a date first to see the seats left.'}
    >
      <option value="">Choose a sitting</option>
      {page.occasion.sittings.map((sitting) => {
        const seats = date?.sittings.find((each) => each.sittingId === sitting.id);
        const state = !seats
          ? ''
          : seats.closed
            ? ' — Closed'
            : seats.remaining <= 0
              ? ' — Fully booked'
              : ` — ${plural(seats.remaining, 'seat', 'seats')} left`;
        return (
          <option
            key={sitting.id}
            value={sitting.id}
            disabled={seats ? seats.closed || seats.remaining <= 0 : false}
          >
            {sittingText(sitting)}
            {state}
          </option>
        );
      })}
    </FormSelectField>
  );
}

/** Adults (or tickets) or children at their price, read with the party's limit note and its own problem. */
function CountField({
  name,
  label,
  pricePence,
  max,
  describedBy,
}: {
  name: 'adults' | 'children';
  label: string;
  pricePence: number;
  max: number;
  describedBy: string;
}) {
  const field = useConnectedField(name);
  return (
    <TextField
      {...field}
      label={
        <>
          {label} <span className="font-normal text-ink-soft">({formatMoney(pricePence)} each)</span>
        </>
      }
      type="number"
      inputMode="numeric"
      min={0}
      max={max}
      required={name === 'adults'}
      aria-describedby={field.error ? `${fieldErrorId(field.id)} ${describedBy}` : describedBy}
    />
  );
}

function PartyFields({ page, state }: { page: OccasionPage; state: OccasionBookingState }) {
  const id = useId();
  const venue = useVenue();
  const { occasion } = page;
  const ticketed = isTicketed(occasion);
  const limitId = `${id}-limit`;
  const noteId = `${id}-note`;
  const describedBy = state.partyLimit ? `${limitId} ${noteId}` : noteId;
  return (
    <>
      <div className="grid grid-cols-2 gap-5">
        <CountField
          name="adults"
          label={ticketed ? 'Tickets' : 'Adults'}
          pricePence={occasion.prices.adultPence}
          max={occasion.party.maxOnline}
          describedBy={describedBy}
        />
        {occasion.prices.childPence === null ? null : (
          <CountField
            name="children"
            label="Children"
            pricePence={occasion.prices.childPence}
            max={occasion.party.maxOnline}
            describedBy={describedBy}
          />
        )}
      </div>
      <div>
        <div id={limitId} aria-live="polite">
          {state.partyLimit ? (
            <p className="mb-3 rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800">
              {state.partyLimit.message}
            </p>
          ) : null}
        </div>
        <p id={noteId} className="text-sm text-ink-soft">
          {occasion.party.minOnline > 1
            ? `Online bookings are for ${occasion.party.minOnline} to `
            : 'Up to '}
          {plural(occasion.party.maxOnline, ticketed ? 'ticket' : 'guest', ticketed ? 'tickets' : 'guests')}.
          More than that?{' '}
          <a href={telephoneHref(venue.phone)} className="link">
            Call us on {venue.phone}
          </a>
          .
        </p>
      </div>
    </>
  );
}

function Line({
  term,
  children,
  className = '',
}: {
  term: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex justify-between gap-4 ${className}`}>
      <dt>{term}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * Whether what is paid now for the chosen date is refundable, and until when, by the one refund rule: said before
 * the guest pays, and nothing while no date is chosen or nothing is paid now.
 */
function RefundTerm({ page, date, dueNowPence }: { page: OccasionPage; date: string; dueNowPence: number }) {
  if (dueNowPence <= 0 || !page.dates.some((candidate) => candidate.date === date)) return null;
  const until = refundableUntil(page.occasion, date, new Date());
  return (
    <p className={`px-6 pb-4 text-sm font-semibold ${until ? 'text-green-900' : 'text-burgundy-800'}`}>
      {refundTermText(until)}
    </p>
  );
}

/** The party's price and what is paid now, live as the counts change; then what is still to do and the button. */
function BookingSummary({
  page,
  date,
  state,
  leaving,
}: {
  page: OccasionPage;
  date: string;
  state: OccasionBookingState;
  leaving: boolean;
}) {
  const { occasion } = page;
  const ticketed = isTicketed(occasion);
  const { party, problem } = state;
  const hasSupplements = occasion.courses.some((course) =>
    course.dishes.some((dish) => dish.supplementPence > 0),
  );
  const balance = state.totalPence - state.dueNowPence;
  return (
    <aside
      className="flex flex-col gap-5 lg:sticky lg:top-24"
      aria-label={ticketed ? 'Your tickets' : 'Your booking'}
    >
      <div className="overflow-hidden rounded-2xl border border-brass-500/40 bg-white shadow-[0_12px_30px_-18px_rgba(18,38,28,0.45)]">
        <dl className="space-y-2 px-6 py-5 text-[0.95rem]" aria-live="polite">
          <Line
            term={`${plural(party.adults, ticketed ? 'ticket' : 'adult', ticketed ? 'tickets' : 'adults')} × ${formatMoney(occasion.prices.adultPence)}`}
          >
            {formatMoney(party.adults * occasion.prices.adultPence)}
          </Line>
          {occasion.prices.childPence !== null && party.children > 0 ? (
            <Line
              term={`${plural(party.children, 'child', 'children')} × ${formatMoney(occasion.prices.childPence)}`}
            >
              {formatMoney(party.children * occasion.prices.childPence)}
            </Line>
          ) : null}
          <Line term="Total" className="border-t border-cream-200 pt-2 font-semibold">
            {formatMoney(state.totalPence)}
          </Line>
          <Line term="To pay now" className="font-semibold text-green-800">
            {formatMoney(state.dueNowPence)}
          </Line>
          {balance > 0 ? (
            <Line term="To pay on the day" className="text-ink-soft">
              {formatMoney(balance)}
            </Line>
          ) : null}
        </dl>
        {hasSupplements ? (
          <p className="px-6 pb-4 text-sm text-ink-soft">
            Any supplements your guests choose are paid on the day.
          </p>
        ) : null}
        <div aria-live="polite">
          <RefundTerm page={page} date={date} dueNowPence={state.dueNowPence} />
        </div>
        <div className="space-y-3 border-t border-cream-200 bg-cream-50 px-6 py-5">
          <FormError />
          <SubmitButton className="btn-primary w-full" busyLabel="Booking…" disabled={leaving}>
            {bookLabel(occasion, state.guests, state.dueNowPence)}
          </SubmitButton>
          {problem ? (
            <p className="text-center text-sm text-ink-soft">Still to do: {problem.message}</p>
          ) : state.dueNowPence > 0 ? (
            <p className="text-center text-sm text-ink-soft">
              You’ll pay securely on the next page. Your {ticketed ? 'tickets are' : 'seats are'} held while
              you do.
            </p>
          ) : null}
        </div>
      </div>
    </aside>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-5">
      <legend className="font-serif text-2xl text-green-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The organiser's booking (issue 30): date, sitting, party, contact and notes, the price and what is paid now
 * live; then to the payment page, or straight to the organiser's own page when nothing is paid online.
 * `utmSource` is where the guest came from (the page's `?utm_source=`), sent with the booking.
 */
export function OccasionBookingForm({
  slug,
  page,
  utmSource,
}: {
  slug: string;
  page: OccasionPage;
  utmSource: string | null;
}) {
  const venue = useVenue();
  const { occasion } = page;
  const ticketed = isTicketed(occasion);
  /** The next page is opening: the button stays busy until it has. */
  const [leaving, setLeaving] = useState(false);
  const booking = useSiteForm({
    defaultValues: emptyBookingValues(page),
    validate: ruleResolver((values) => occasionBookingState(page, values, venue.phone).problem),
    send: async (values) => {
      const started = await api.startOccasionBooking(
        slug,
        bookingRequest(values, occasion.prices.childPence !== null, utmSource),
      );
      setLeaving(true);
      window.location.assign(started.url);
    },
    failure: OCCASION_BOOKING_MESSAGES.provider,
  });
  const { watch, clearErrors } = booking.form;
  const values = watch();
  const state = occasionBookingState(page, values, venue.phone);
  const date = page.dates.find((candidate) => candidate.date === values.date);
  const anyOpen = page.dates.some(dateIsOpen);

  // The rules name the first problem of the whole booking, which any change may mend: it goes with any change.
  useEffect(() => {
    const { unsubscribe } = watch((_, { name }) => {
      if (name) clearErrors(BOOKING_FIELDS);
    });
    return unsubscribe;
  }, [watch, clearErrors]);

  if (!anyOpen) {
    return (
      <p role="status" className="card p-6 text-lg">
        Online booking is closed for every date just now. Please call us on{' '}
        <a href={telephoneHref(venue.phone)} className="link">
          {venue.phone}
        </a>{' '}
        — we may still be able to help.
      </p>
    );
  }

  return (
    <SiteForm
      form={booking}
      aria-label={ticketed ? `Buy tickets: ${occasion.name}` : `Book a table: ${occasion.name}`}
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <ReadyFieldset className="contents">
        <div className="card space-y-10 p-4 sm:p-10">
          <Section title={ticketed ? 'Your tickets' : 'Your table'}>
            <DateField page={page} />
            <SittingField page={page} date={date} />
            <PartyFields page={page} state={state} />
          </Section>
          <Section title="Your details">
            <FormContactFields
              emailHint={
                ticketed
                  ? 'Your tickets and receipt go here.'
                  : 'Your confirmation and your own page’s link go here.'
              }
            />
            <FormPartyNotesFields ticketed={ticketed} />
            <FormNotesField
              maxLength={NOTES_MAX_LENGTH}
              hint={
                ticketed
                  ? 'Any access needs, or anything else we should know of.'
                  : 'Anything else for the whole table.'
              }
            />
          </Section>
        </div>
        <BookingSummary page={page} date={values.date} state={state} leaving={leaving} />
      </ReadyFieldset>
    </SiteForm>
  );
}
