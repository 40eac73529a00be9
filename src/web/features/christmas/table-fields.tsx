import { useId } from 'react';
import type { ChristmasAmounts } from '#shared/christmas/amounts.ts';
import type { SittingAvailability } from '#shared/christmas/checkout-schemas.ts';
import { MAX_ONLINE_CHRISTMAS_PARTY } from '#shared/christmas/online-limit.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { sittingTimes } from '#shared/christmas/sittings.ts';
import type { ChristmasProblem } from '#shared/christmas/validation.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { formatMoney, poundsToPence } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { fieldErrorId, TextField } from '#web/components/form-fields.tsx';
import { FormSelectField, useConnectedField } from '#web/forms/fields.tsx';
import { useVenue } from '../content/site-content.tsx';
import type { SeatsState } from './availability.ts';

function seatsText(seats: SittingAvailability | undefined, state: SeatsState['status']): string {
  if (state === 'loading') return ' — checking…';
  if (!seats) return '';
  if (seats.closed) return ' — Closed';
  if (seats.remaining <= 0) return ' — Full';
  return ` — ${plural(seats.remaining, 'seat', 'seats')} left`;
}

/** The sitting (the value `session`), each with the seats it has left; a closed or full one cannot be chosen. */
function SittingField({ sittings, seats }: { sittings: ChristmasSeason['sittings']; seats: SeatsState }) {
  const known = seats.status === 'ready' ? seats.seats : null;
  return (
    <FormSelectField
      name="session"
      label="Sitting"
      required
      hint={
        seats.status === 'failed'
          ? 'We couldn’t check the seats just now; we’ll check them when you continue to payment.'
          : undefined
      }
    >
      <option value="">Choose a sitting</option>
      {sittings.map((sitting) => {
        const sittingSeats = known?.[sitting.id];
        return (
          <option
            key={sitting.id}
            value={sitting.id}
            disabled={sittingSeats ? sittingSeats.closed || sittingSeats.remaining <= 0 : false}
          >
            {sittingTimes(sitting)}
            {seatsText(sittingSeats, seats.status)}
          </option>
        );
      })}
    </FormSelectField>
  );
}

/** The party's two counts: each field's words and the price a guest of it pays. */
const PARTY_COUNTS = [
  { name: 'partyAdults', label: 'Adults', price: 'adult' },
  { name: 'partyChildren', label: 'Children', price: 'child' },
] as const;

/** Adults or children at their price, read with the party's limit and note (`describedBy`) and its own problem. */
function PartyCountField({
  count,
  pounds,
  describedBy,
}: {
  count: (typeof PARTY_COUNTS)[number];
  pounds: number;
  describedBy: string;
}) {
  const field = useConnectedField(count.name);
  return (
    <TextField
      {...field}
      label={
        <>
          {count.label}{' '}
          <span className="font-normal text-ink-soft">({formatMoney(poundsToPence(pounds))})</span>
        </>
      }
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_ONLINE_CHRISTMAS_PARTY}
      aria-describedby={field.error ? `${fieldErrorId(field.id)} ${describedBy}` : describedBy}
    />
  );
}

/**
 * "Your table": the sitting, the party at its prices with what it rules out said at once (`partyLimit`), and
 * the deposit it makes.
 */
export function TableFields({
  season,
  seats,
  partyLimit,
  amounts,
}: {
  season: ChristmasSeason;
  seats: SeatsState;
  partyLimit: ChristmasProblem | null;
  amounts: ChristmasAmounts;
}) {
  const id = useId();
  const venue = useVenue();
  const { prices } = season;
  const limitId = `${id}-party-limit`;
  const noteId = `${id}-party-note`;
  const partyDescription = partyLimit ? `${limitId} ${noteId}` : noteId;
  return (
    <>
      <SittingField sittings={season.sittings} seats={seats} />
      <div className="grid grid-cols-2 gap-5">
        {PARTY_COUNTS.map((count) => (
          <PartyCountField
            key={count.name}
            count={count}
            pounds={prices[count.price]}
            describedBy={partyDescription}
          />
        ))}
      </div>
      <div>
        <div id={limitId} aria-live="polite">
          {partyLimit ? (
            <p className="mb-3 rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800">
              {partyLimit.message}
            </p>
          ) : null}
        </div>
        <p id={noteId} className="text-sm text-ink-soft">
          Parties of more than {MAX_ONLINE_CHRISTMAS_PARTY}: please{' '}
          <a href={telephoneHref(venue.phone)} className="link">
            call us on {venue.phone}
          </a>{' '}
          so we can seat you together.
        </p>
      </div>
      <p
        className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-green-800 px-4 py-3 text-cream-50"
        aria-live="polite"
      >
        <span>
          Deposit today{' '}
          <span className="text-cream-200">
            ({plural(amounts.guests, 'guest', 'guests')} ×{' '}
            {formatMoney(poundsToPence(prices.depositPerGuest))})
          </span>
        </span>
        <strong className="font-serif text-2xl tabular-nums text-brass-300">
          {formatMoney(amounts.depositPence)}
        </strong>
      </p>
    </>
  );
}
