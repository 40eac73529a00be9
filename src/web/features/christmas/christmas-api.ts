import { CHRISTMAS_MESSAGES } from '../../../shared/christmas/messages.ts';
import type { ChristmasCheckoutRequest } from '../../../shared/christmas/request.ts';
import {
  type DemoCheckoutDetails,
  type PendingStatus,
  RESERVATION_STATES,
  type ReservationState,
} from '../../../shared/christmas/reservation.ts';
import { christmasSeason } from '../../../shared/christmas/season.ts';
import {
  type ChristmasAvailability,
  normaliseSittingId,
  type SittingAvailability,
} from '../../../shared/christmas/sittings.ts';

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
export async function fetchChristmasAvailability(
  signal?: AbortSignal,
): Promise<ChristmasAvailability | null> {
  try {
    const response = await fetch('/api/christmas/availability', {
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Record<string, unknown>;
    const availability: Partial<ChristmasAvailability> = {};
    for (const [key, value] of Object.entries(body)) {
      const id = normaliseSittingId(key, christmasSeason);
      if (id && isSittingAvailability(value)) availability[id] = value;
    }
    return availability['xmas-early'] && availability['xmas-late']
      ? (availability as ChristmasAvailability)
      : null;
  } catch {
    return null;
  }
}

async function errorOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  return typeof body.error === 'string' && body.error ? body.error : fallback;
}

/** Starts the checkout: the answer is the payment page's URL, or the server's error (spec §8). */
export async function startCheckout(
  payload: ChristmasCheckoutRequest,
): Promise<{ ok: true; url: string } | { ok: false; error: string }> {
  try {
    const response = await fetch('/api/stripe/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    if (!response.ok) return { ok: false, error: await errorOf(response, CHRISTMAS_MESSAGES.failure) };
    const { url } = (await response.json()) as { url?: unknown };
    return typeof url === 'string' && url
      ? { ok: true, url }
      : { ok: false, error: CHRISTMAS_MESSAGES.failure };
  } catch {
    return { ok: false, error: CHRISTMAS_MESSAGES.failure };
  }
}

/** Thrown for an answer that is not a status: the success page retries these as it does network failures. */
class StatusUnavailableError extends Error {}
export class UnknownReservationError extends Error {}

function isState(value: unknown): value is ReservationState {
  return (RESERVATION_STATES as readonly unknown[]).includes(value);
}

async function statusFrom(response: Response): Promise<PendingStatus> {
  if (response.status === 404) throw new UnknownReservationError();
  if (!response.ok) throw new StatusUnavailableError(`HTTP ${response.status}`);
  const body = (await response.json()) as PendingStatus;
  // An unrecognised state is passed on as it is: the success page shows its warning for it.
  return { ...body, state: isState(body.state) ? body.state : (String(body.state) as ReservationState) };
}

export async function fetchPendingStatus(pid: string, signal?: AbortSignal): Promise<PendingStatus> {
  const response = await fetch(`/api/christmas/pending/${encodeURIComponent(pid)}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  return statusFrom(response);
}

/** Spec §7: success is an OK status; anything else is a failure to finalize. */
export async function finalizeReservation(pid: string, signal?: AbortSignal): Promise<PendingStatus | null> {
  try {
    const response = await fetch(`/api/christmas/finalize/${encodeURIComponent(pid)}`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      signal,
    });
    return response.ok ? ((await response.json()) as PendingStatus) : null;
  } catch {
    return null;
  }
}

/** The cancel page releases the held seats; nothing the guest needs to wait for or hear about. */
export async function releaseReservation(pid: string): Promise<void> {
  await fetch(`/api/christmas/cancel/${encodeURIComponent(pid)}`, { method: 'POST' }).catch(() => undefined);
}

export async function fetchDemoCheckout(pid: string): Promise<DemoCheckoutDetails | null> {
  try {
    const response = await fetch(`/api/christmas/demo-checkout/${encodeURIComponent(pid)}`, {
      headers: { accept: 'application/json' },
    });
    return response.ok ? ((await response.json()) as DemoCheckoutDetails) : null;
  } catch {
    return null;
  }
}

export async function payDemoCheckout(
  pid: string,
): Promise<{ ok: true; url: string } | { ok: false; error: string }> {
  const fallback = 'The test payment did not go through. Please try again.';
  try {
    const response = await fetch(`/api/christmas/demo-checkout/${encodeURIComponent(pid)}/pay`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { ok: false, error: await errorOf(response, fallback) };
    const { url } = (await response.json()) as { url: string };
    return { ok: true, url };
  } catch {
    return { ok: false, error: fallback };
  }
}
