import { expect } from 'vitest';
import type { AvailabilitySlot } from '../../src/shared/booking/schemas.ts';
import type { TestApp } from './test-app.ts';

/** The slots guests see: GET /api/availability with `query` (e.g. `date=2026-12-08&party=2`). */
export async function availableSlots(t: TestApp, query: string): Promise<AvailabilitySlot[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/availability?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as AvailabilitySlot[];
}

/** The covers guests are offered at `time` on `date` (for a party of `party`, when given). */
export async function coversLeft(t: TestApp, date: string, time: string, party?: number) {
  const slots = await availableSlots(t, `date=${date}${party ? `&party=${party}` : ''}`);
  return slots.find((slot) => slot.time === time)?.remaining;
}
