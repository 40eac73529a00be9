import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { turnMinutesFor } from '#shared/booking/rules.ts';
import {
  LARGEST_WALK_IN,
  type WalkInPartySize,
  walkInPartySizeSchema,
} from '#shared/tables/arrival-schemas.ts';
import { ARRIVAL_MESSAGES, type FreeNowPlace, freeNowPlaces, freeNowText } from '#shared/tables/arrivals.ts';
import type { TablesDayBooking } from '#shared/tables/day.ts';
import { plural } from '#shared/text/plural.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { LoadGate, useLoaded } from '#web/components/load-state.tsx';
import { useContent } from '#web/features/content/use-content.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { FormTextField } from '#web/forms/fields.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { failureText } from '#web/lib/api.ts';
import * as nightApi from './night-api.ts';

const PARTY_BUTTONS = [1, 2, 3, 4, 5, 6, 7, 8];
const LOAD_FAILURE = 'The tables could not be loaded. Please try again.';

const bigButton =
  'flex min-h-16 items-center justify-center rounded-xl border-2 border-cream-300 bg-white text-2xl font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100 focus-visible:outline-3 focus-visible:outline-brass-500';

/** Step one: how many. 1 to 8 in one tap; "More" asks for the number. */
function PartyPicker({ onPick }: { onPick: (guests: number) => void }) {
  const [more, setMore] = useState(false);
  const larger = useSiteForm<WalkInPartySize>({
    defaultValues: { guests: '9' },
    validate: schemaResolver(walkInPartySizeSchema),
    send: async ({ guests }) => onPick(Number(guests)),
    failure: LOAD_FAILURE,
  });

  return (
    <section aria-labelledby="walk-in-party" className="space-y-4">
      <h2 id="walk-in-party" className="font-serif text-2xl">
        Walk-in, party of…
      </h2>
      <div className="grid grid-cols-4 gap-3">
        {PARTY_BUTTONS.map((size) => (
          <button
            key={size}
            type="button"
            aria-label={`Party of ${size}`}
            className={bigButton}
            onClick={() => onPick(size)}
          >
            {size}
          </button>
        ))}
      </div>
      {more ? (
        <SiteForm form={larger} className="flex flex-wrap items-start gap-3" aria-label="A larger party">
          <FormTextField
            name="guests"
            label="Guests"
            type="number"
            inputMode="numeric"
            min={1}
            max={LARGEST_WALK_IN}
            className="w-40"
          />
          <SubmitButton className="btn-dark mt-7 min-h-12 px-5" busyLabel="Finding tables…">
            Show tables
          </SubmitButton>
        </SiteForm>
      ) : (
        <button type="button" className="btn-outline min-h-12 w-full px-5" onClick={() => setMore(true)}>
          More than 8
        </button>
      )}
    </section>
  );
}

/** Step two: the tables free now for the whole table time, each with how long it stays free. */
function FreeTables({
  guests,
  places,
  seating,
  onSeat,
  onBack,
}: {
  guests: number;
  places: FreeNowPlace[];
  seating: string | null;
  onSeat: (place: FreeNowPlace) => void;
  onBack: () => void;
}) {
  return (
    <section aria-labelledby="walk-in-tables" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="walk-in-tables" className="font-serif text-2xl">
          Tables free now for {guests}
        </h2>
        <button type="button" className="btn-outline min-h-11 px-4" onClick={onBack}>
          Change party
        </button>
      </div>
      {places.length === 0 ? (
        <p className="card p-5 text-lg">
          No table or join is free now for {plural(guests, 'guest', 'guests')}.
        </p>
      ) : (
        <ul className="space-y-3">
          {places.map((free) => (
            <li key={free.place.id}>
              <button
                type="button"
                className="flex min-h-16 w-full flex-col items-start gap-1 rounded-xl border-2 border-cream-300 bg-white px-4 py-3 text-left transition-colors hover:border-green-700 hover:bg-cream-100 focus-visible:outline-3 focus-visible:outline-brass-500 disabled:opacity-60"
                disabled={seating !== null}
                onClick={() => onSeat(free)}
              >
                <span className="flex w-full flex-wrap items-baseline justify-between gap-x-3">
                  <span className="text-xl font-semibold break-words text-green-900">
                    {seating === free.place.id ? `Seating at ${free.place.name}…` : free.place.name}
                  </span>
                  <span className="text-sm text-ink-soft">
                    Seats {free.place.minCovers}–{free.place.maxCovers}
                    {free.best ? ' · best fit' : ''}
                  </span>
                </span>
                <span className="text-ink-soft">{freeNowText(free.next)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "Walk-in, party of N" in two taps (issue 28): the party's size, then a table free now for its whole table
 * time; tapping it seats the party as a walk-in booking, says so, and starts again.
 */
export function WalkInPage() {
  useAdminTitle('Walk-in');
  const settings = useContent('booking-settings');
  const today = londonToday();
  const fetchDay = useCallback(async () => ({ day: await nightApi.tablesDay(today) }), [today]);
  const { load, reload } = useLoaded(fetchDay, LOAD_FAILURE);
  const [guests, setGuests] = useState<number | null>(null);
  const [seating, setSeating] = useState<string | null>(null);
  const [seated, setSeated] = useState<{ booking: TablesDayBooking; place: string } | null>(null);
  const [refusal, setRefusal] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  function startAgain() {
    setGuests(null);
    setSeated(null);
    setRefusal('');
    void reload();
    heading.current?.focus();
  }

  async function seat(party: number, free: FreeNowPlace) {
    setSeating(free.place.id);
    setRefusal('');
    try {
      const booking = await nightApi.seatWalkIn({
        partyAdults: party,
        partyChildren: 0,
        placeId: free.place.id,
      });
      setSeated({ booking, place: free.place.name });
    } catch (error) {
      setRefusal(failureText(error, ARRIVAL_MESSAGES.walkInFailure));
      await reload();
    } finally {
      setSeating(null);
    }
  }

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl sm:text-4xl">
          Walk-in
        </h1>
        <span className="flex gap-4">
          <Link to="/admin/queue" className="link min-h-11 py-2">
            Queue
          </Link>
          <Link to="/admin/bookings" className="link min-h-11 py-2">
            Back to bookings
          </Link>
        </span>
      </div>
      <LoadGate load={load} loadingText="Loading the tables…">
        {({ day }) => {
          if (day.layout.mode !== 'tables')
            return <Notice tone="error">{ARRIVAL_MESSAGES.walkInCoversMode}</Notice>;
          if (seated) {
            return (
              <div className="space-y-4">
                <Notice tone="success">
                  {seated.booking.name}, {plural(seated.booking.guests, 'guest', 'guests')}, seated at{' '}
                  {seated.place}.
                </Notice>
                <button type="button" className="btn-dark min-h-12 w-full px-5" onClick={startAgain}>
                  Next walk-in
                </button>
              </div>
            );
          }
          if (guests === null || !settings) return <PartyPicker onPick={setGuests} />;
          const places = freeNowPlaces(day, new Date(), guests, turnMinutesFor(guests, settings));
          return (
            <div className="space-y-4">
              {refusal ? <Notice tone="error">{refusal}</Notice> : null}
              <FreeTables
                guests={guests}
                places={places}
                seating={seating}
                onSeat={(free) => void seat(guests, free)}
                onBack={() => {
                  setRefusal('');
                  setGuests(null);
                }}
              />
            </div>
          );
        }}
      </LoadGate>
    </div>
  );
}
