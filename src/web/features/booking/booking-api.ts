import type { BookingRequest } from '../../../shared/booking/request.ts';
import type { AvailabilitySlot } from '../../../shared/booking/rules.ts';
import { BOOKING_MESSAGES } from '../../../shared/booking/validation.ts';

/** Slots of a date; any failure gives an empty list (spec §7). */
export async function fetchAvailability(date: string, signal?: AbortSignal): Promise<AvailabilitySlot[]> {
  try {
    const response = await fetch(`/api/availability?date=${encodeURIComponent(date)}`, {
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) return [];
    const slots: unknown = await response.json();
    return Array.isArray(slots) ? (slots as AvailabilitySlot[]) : [];
  } catch {
    return [];
  }
}

export type BookingResult = { ok: true; reference: string } | { ok: false; error: string };

/** Sends the booking; the server's error text is shown when it gives one (spec §8). */
export async function submitBooking(payload: BookingRequest, idempotencyKey: string): Promise<BookingResult> {
  try {
    const response = await fetch('/api/bookings', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(payload),
    });
    const body = (await response.json().catch(() => ({}))) as { error?: unknown; reference?: unknown };
    if (response.ok) return { ok: true, reference: typeof body.reference === 'string' ? body.reference : '' };
    return {
      ok: false,
      error: typeof body.error === 'string' && body.error ? body.error : BOOKING_MESSAGES.failure,
    };
  } catch {
    return { ok: false, error: BOOKING_MESSAGES.failure };
  }
}
