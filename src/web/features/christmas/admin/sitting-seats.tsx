import type { SittingId } from '#shared/christmas/ids.ts';
import type { ChristmasClosure, SittingSeats } from '#shared/christmas/schemas.ts';
import { sittingOf, sittingTimes } from '#shared/christmas/sittings.ts';
import { useChristmasDay } from '#web/features/content/site-content.tsx';

interface SittingSeatsCardProps {
  sittingId: SittingId;
  seats: SittingSeats;
  busy: boolean;
  /** Absent for a role that may not close sittings: the seats show without Close / Reopen. */
  closures?: {
    onClose: (sittingId: SittingId) => void;
    onReopen: (closure: ChristmasClosure) => void;
  };
}

function percent(part: number, capacity: number): string {
  return `${capacity > 0 ? Math.min(100, (part / capacity) * 100) : 0}%`;
}

/** One sitting's bar: guests booked and held out of its capacity, with Close / Reopen (spec §2, §4). */
export function SittingSeatsCard({ sittingId, seats, busy, closures }: SittingSeatsCardProps) {
  const headingId = `seats-${sittingId}`;
  const full = seats.remaining <= 0;
  const { closure } = seats;

  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h3 id={headingId} className="font-serif text-2xl">
            {sittingTimes(sittingOf(useChristmasDay(), sittingId))}
          </h3>
          <p className="text-sm text-ink-soft">{seats.capacity} seats</p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase ${
            seats.closed ? 'bg-burgundy-700 text-cream-50' : 'bg-green-600/15 text-green-800'
          }`}
        >
          {seats.closed ? 'Closed online' : full ? 'Full' : 'Open online'}
        </span>
      </div>

      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-[0.95rem]">
        <span>
          <strong className="text-lg text-green-900 tabular-nums">{seats.booked}</strong> booked
        </span>
        <span>
          <strong className="text-lg text-brass-700 tabular-nums">{seats.held}</strong> held in checkout
        </span>
        <span>
          <strong className="text-lg tabular-nums">{seats.remaining}</strong> left of {seats.capacity}
        </span>
      </p>
      <div className="mt-2 flex h-3 w-full overflow-hidden rounded-full bg-cream-200" aria-hidden="true">
        <span
          className="block h-full bg-green-700"
          style={{ width: percent(seats.booked, seats.capacity) }}
        />
        <span className="block h-full bg-brass-500" style={{ width: percent(seats.held, seats.capacity) }} />
      </div>

      {closure ? (
        <p className="mt-3 rounded-lg bg-burgundy-700/8 px-3 py-2 text-sm text-burgundy-800">
          Closed by staff{closure.reason ? `: ${closure.reason}` : '.'} Phone and walk-in bookings can still
          be added.
        </p>
      ) : seats.pastCutoff ? (
        <p className="mt-3 text-sm text-ink-soft">
          Online orders have closed for the season. Phone and walk-in bookings can still be added.
        </p>
      ) : null}

      {closures ? (
        <div className="mt-4">
          <button
            type="button"
            disabled={busy}
            onClick={() => (closure ? closures.onReopen(closure) : closures.onClose(sittingId))}
            className={`rounded-full border-2 px-4 py-1.5 text-sm font-semibold transition-colors disabled:opacity-60 ${
              closure
                ? 'border-green-800 bg-green-800 text-cream-50 hover:bg-green-700'
                : 'border-burgundy-700 text-burgundy-700 hover:bg-burgundy-700 hover:text-cream-50'
            }`}
          >
            {closure ? 'Reopen sitting' : 'Close sitting'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
