import type { InjectOptions } from 'fastify';
import { beforeEach } from 'vitest';
import { useTestApp } from './app-fixture.ts';
import { BEFORE_CUTOFF, christmasOrder } from './christmas.ts';
import {
  christmasSeats,
  clearChristmas,
  sendChristmasCheckout,
  startChristmasCheckout,
} from './christmas-app.ts';
import type { TestDatabaseTarget } from './test-app.ts';

/** The app of the checkout suites: demo payments, each test on 1 December with nothing booked, held or closed. */
export function useChristmasCheckoutApp(target: TestDatabaseTarget) {
  const t = useTestApp(target, BEFORE_CUTOFF);
  beforeEach(async () => {
    t.setNow(BEFORE_CUTOFF);
    await clearChristmas(t);
  });
  return {
    t,
    post: (url: string, body?: unknown, options: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {}) =>
      t.app.inject({ method: 'POST', url, ...options, payload: body as InjectOptions['payload'] }),
    checkout: (body: object, remoteAddress?: string) => sendChristmasCheckout(t, body, remoteAddress),
    /** Starts a checkout that must be taken, and answers the pid of its reservation. */
    startCheckout: (body: object = christmasOrder(), remoteAddress?: string) =>
      startChristmasCheckout(t, body, remoteAddress),
    availability: () => christmasSeats(t),
  };
}
