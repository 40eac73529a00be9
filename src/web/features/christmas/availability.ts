import { startTransition, useEffect, useState } from 'react';
import type { ChristmasAvailability, SittingAvailability } from '#shared/christmas/checkout-schemas.ts';
import type { ChristmasDay } from '#shared/christmas/season-schema.ts';
import { normaliseSittingId } from '#shared/christmas/sittings.ts';
import * as api from './api.ts';

function isSittingAvailability(value: unknown): value is SittingAvailability {
  const seats = value as SittingAvailability | null;
  return (
    typeof seats === 'object' &&
    seats !== null &&
    typeof seats.capacity === 'number' &&
    typeof seats.remaining === 'number' &&
    typeof seats.closed === 'boolean'
  );
}

/** Seats per sitting, its keys read through the shared sitting-id normalisation (spec §5); null on failure. */
export async function loadChristmasAvailability(
  season: Pick<ChristmasDay, 'sittings'>,
  signal?: AbortSignal,
): Promise<ChristmasAvailability | null> {
  try {
    const answer = await api.christmasAvailability(signal);
    const availability: Partial<ChristmasAvailability> = {};
    for (const [key, value] of Object.entries(answer)) {
      const id = normaliseSittingId(key, season);
      if (id && isSittingAvailability(value)) availability[id] = value;
    }
    return availability['xmas-early'] && availability['xmas-late']
      ? (availability as ChristmasAvailability)
      : null;
  } catch {
    return null;
  }
}

export type SeatsState =
  | { status: 'loading' }
  | { status: 'ready'; seats: ChristmasAvailability }
  | { status: 'failed' };

/**
 * The seats of each sitting, loaded when the form opens, for the season it opened with; `reload` shows the
 * latest numbers (after a refused checkout: the seats may have gone meanwhile).
 */
export function useSittingSeats(season: Pick<ChristmasDay, 'sittings'>): {
  state: SeatsState;
  reload: () => void;
} {
  const [state, setState] = useState<SeatsState>({ status: 'loading' });
  const [load] = useState(() => (signal?: AbortSignal) => {
    loadChristmasAvailability(season, signal).then((seats) => {
      if (signal?.aborted) return;
      // The whole pre-order re-renders with the numbers: in slices, not one long task on a phone.
      startTransition(() => setState(seats ? { status: 'ready', seats } : { status: 'failed' }));
    });
  });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return { state, reload: () => load() };
}
