import type { ChristmasAvailability, SittingAvailability } from '#shared/christmas/schemas.ts';
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
