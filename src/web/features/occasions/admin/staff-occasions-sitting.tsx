import { useId } from 'react';
import { Link } from 'react-router';
import type { PrepSheet, StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import { OCCASION_SITTING_BADGES } from '#shared/occasions/messages.ts';
import { sellsOnline } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionSitting } from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import type { OccasionClosure } from './staff-occasions-api.ts';
import { type BookingActions, OccasionBookingCard, TicketRow } from './staff-occasions-booking.tsx';
import { sittingName } from './staff-occasions-dialogs.tsx';

type PrepSitting = PrepSheet['sittings'][number];

const bigButton =
  'inline-flex min-h-12 items-center justify-center rounded-lg px-4 font-semibold no-underline transition-colors';
const darkButton = `${bigButton} bg-green-800 text-cream-50 hover:bg-green-700`;
const outlineButton = `${bigButton} border-2 border-green-800 text-green-900 hover:bg-green-800 hover:text-cream-50`;
const closeButton = `${bigButton} border-2 border-burgundy-700 text-burgundy-700 hover:bg-burgundy-700 hover:text-cream-50`;

/** Guests of the live bookings at one sitting. */
export function coversBooked(bookings: readonly StaffOccasionBooking[], sittingId: string): number {
  return bookings
    .filter((booking) => booking.sittingId === sittingId && booking.status === 'CONFIRMED')
    .reduce((sum, booking) => sum + booking.partySize, 0);
}

/** Every allergy at the sitting, first and in burgundy: nobody may miss one. */
function Allergies({ prep }: { prep: PrepSitting }) {
  const id = useId();
  if (prep.allergies.length === 0) return null;
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border-4 border-burgundy-700 bg-burgundy-700/10 p-3 text-burgundy-800"
    >
      <h3 id={id} className="text-lg font-bold uppercase">
        {plural(prep.allergies.length, 'allergy', 'allergies')}
      </h3>
      <ul className="mt-1 space-y-1">
        {prep.allergies.map((allergy) => (
          <li key={`${allergy.reference}-${allergy.diner}`} className="break-words">
            <strong>{allergy.diner}</strong> ({allergy.reference}): {allergy.allergies}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the kitchen prepares: each course's dishes with their counts, those the defaults made marked. */
function PrepCounts({ occasion, prep }: { occasion: Occasion; prep: PrepSitting }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-serif text-xl">
        Prep counts
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {prep.courses.map((course) => {
          const defaultDishId = occasion.courses.find((known) => known.id === course.courseId)?.defaultDishId;
          return (
            <div key={course.courseId} className="rounded-lg bg-cream-100 p-3">
              <h4 className="font-semibold text-green-900">{course.name}</h4>
              <ul className="mt-1 space-y-1">
                {course.dishes.map((dish) => (
                  <li key={dish.dishId} className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 break-words">
                      {dish.name}
                      {dish.dishId === defaultDishId ? (
                        <span className="ml-1 text-xs font-semibold text-brass-700 uppercase">default</span>
                      ) : null}
                      {dish.defaulted > 0 ? (
                        <span className="block text-sm text-ink-soft">{dish.defaulted} by default</span>
                      ) : null}
                    </span>
                    <strong className="shrink-0 text-lg whitespace-nowrap text-green-900 tabular-nums">
                      × {dish.count}
                    </strong>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/**
 * One sitting of the date: its covers of its seats, the diners still to choose, the allergies, the prep counts
 * and every booking, with Add a phone booking, Print sheets and Close / Reopen. A ticketed event's sitting is
 * the list at the door.
 */
export function OccasionSittingSection({
  occasion,
  ticketed,
  date,
  now = new Date(),
  sitting,
  bookings,
  prep,
  closure,
  bookHref,
  sheetsHref,
  actions,
  closures,
}: {
  occasion: Occasion;
  ticketed: boolean;
  date: string;
  now?: Date;
  sitting: OccasionSitting;
  bookings: readonly StaffOccasionBooking[];
  prep: PrepSitting | undefined;
  closure: OccasionClosure | undefined;
  bookHref: string;
  sheetsHref: string;
  actions: BookingActions;
  /** Absent for a role that may not close sittings. */
  closures?: {
    onClose: (sitting: OccasionSitting) => void;
    onReopen: (sitting: OccasionSitting, closure: OccasionClosure) => void;
  };
}) {
  const headingId = useId();
  const covers = coversBooked(bookings, sitting.id);
  const own = bookings
    .filter((booking) => booking.sittingId === sitting.id)
    .sort((a, b) => Number(a.status !== 'CONFIRMED') - Number(b.status !== 'CONFIRMED'));
  const notChosen = prep?.notChosen ?? 0;
  // The public booking's own rule: past it, only staff can book this sitting.
  const online = sellsOnline(occasion, date, sitting.start, now);
  return (
    <section aria-labelledby={headingId} className="card space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="font-serif text-2xl sm:text-3xl">
          {sittingName(sitting)}
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase ${
            closure
              ? 'bg-burgundy-700 text-cream-50'
              : online
                ? 'bg-green-600/15 text-green-800'
                : 'bg-cream-200 text-ink'
          }`}
        >
          {closure
            ? 'Closed online'
            : covers >= sitting.seats
              ? 'Full'
              : online
                ? 'Open online'
                : OCCASION_SITTING_BADGES.pastOnlineDeadline}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-5 gap-y-1 text-lg">
        <span>
          <strong className="text-2xl text-green-900 tabular-nums">{covers}</strong>{' '}
          {ticketed ? 'tickets sold' : 'booked'} of {plural(sitting.seats, 'seat', 'seats')}
        </span>
        {notChosen > 0 ? (
          <strong className="text-brass-700">{plural(notChosen, 'diner', 'diners')} still to choose</strong>
        ) : null}
      </p>
      {closure ? (
        <p className="rounded-lg bg-burgundy-700/10 px-3 py-2 text-burgundy-800">
          {closure.reason ? `Closed by staff: ${closure.reason}.` : 'Closed by staff.'} Phone bookings can
          still be added.
        </p>
      ) : null}
      <div className="grid gap-2 sm:flex sm:flex-wrap">
        <Link to={bookHref} className={darkButton}>
          Add a phone booking
        </Link>
        <a href={sheetsHref} target="_blank" rel="noopener" className={outlineButton}>
          Print {sitting.label} sheets<span className="sr-only"> (opens in a new tab)</span>
        </a>
        {closures ? (
          <button
            type="button"
            className={closure ? outlineButton : closeButton}
            onClick={() => (closure ? closures.onReopen(sitting, closure) : closures.onClose(sitting))}
          >
            {closure ? `Reopen ${sitting.label}` : `Close ${sitting.label}`}
          </button>
        ) : null}
      </div>
      {prep ? <Allergies prep={prep} /> : null}
      {prep && !ticketed && prep.courses.some((course) => course.dishes.some((dish) => dish.count > 0)) ? (
        <PrepCounts occasion={occasion} prep={prep} />
      ) : null}
      <section aria-label={`${sitting.label} bookings`}>
        <h3 className="font-serif text-xl">{ticketed ? 'Tickets at the door' : 'Bookings'}</h3>
        {own.length === 0 ? (
          <p className="mt-1 text-ink-soft">No bookings yet.</p>
        ) : ticketed ? (
          <ul className="mt-1">
            {own.map((booking) => (
              <TicketRow
                key={booking.id}
                booking={booking}
                onCancel={actions.onCancel}
                onParty={actions.onParty}
                onSettleAtTill={actions.onSettleAtTill}
              />
            ))}
          </ul>
        ) : (
          <div className="mt-2 space-y-3">
            {own.map((booking) => (
              <OccasionBookingCard key={booking.id} occasion={occasion} booking={booking} actions={actions} />
            ))}
          </div>
        )}
      </section>
    </section>
  );
}
