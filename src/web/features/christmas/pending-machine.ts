import type { PendingStatus } from '#shared/christmas/checkout-schemas.ts';

/** Spec §9: one poll a second, up to 6 of them, and up to 3 attempts when the network fails. */
const POLL_INTERVAL_MS = 1000;
const MAX_POLLS = 6;
const MAX_NETWORK_ATTEMPTS = 3;

export type SuccessPhase =
  | { kind: 'checking' }
  | { kind: 'confirmed'; status: PendingStatus }
  /** Not an error: the booking may yet be confirmed, and the guest is told what happens next. */
  | { kind: 'warning'; reason: 'still-pending' | 'still-processing' | 'unknown-state' }
  | { kind: 'error'; reason: 'cancelled' | 'network' | 'missing-pid' | 'not-found' };

export interface PendingMachineDeps {
  fetchStatus(pid: string): Promise<PendingStatus>;
  /** Resolves to the confirmed status, or null when finalize failed. */
  finalize(pid: string): Promise<PendingStatus | null>;
  wait(ms: number): Promise<void>;
  /** True for an error meaning "no such reservation" (the link itself is refused) rather than "try again". */
  isUnknownReservation(error: unknown): boolean;
  signal?: AbortSignal;
}

/**
 * The success page's state machine (spec §4): PAID_CONFIRMED succeeds; PAID_AWAITING is polled up to
 * 6 times and then finalized once; PENDING is polled up to 6 times and then warned about; CANCELLED is an
 * error; any other state a warning; network failures are retried up to 3 times; no pid is an error.
 */
export async function runPendingMachine(pid: string | null, deps: PendingMachineDeps): Promise<SuccessPhase> {
  if (!pid) return { kind: 'error', reason: 'missing-pid' };
  let polls = 0;
  let networkFailures = 0;
  for (;;) {
    if (deps.signal?.aborted) return { kind: 'checking' };
    let status: PendingStatus;
    try {
      status = await deps.fetchStatus(pid);
    } catch (error) {
      if (deps.signal?.aborted) return { kind: 'checking' };
      if (deps.isUnknownReservation(error)) return { kind: 'error', reason: 'not-found' };
      networkFailures++;
      if (networkFailures >= MAX_NETWORK_ATTEMPTS) return { kind: 'error', reason: 'network' };
      await deps.wait(POLL_INTERVAL_MS);
      continue;
    }
    polls++;
    switch (status.state) {
      case 'PAID_CONFIRMED':
        return { kind: 'confirmed', status };
      case 'CANCELLED':
        return { kind: 'error', reason: 'cancelled' };
      case 'PAID_AWAITING':
        if (polls >= MAX_POLLS) {
          const finalized = await deps.finalize(pid);
          return finalized?.state === 'PAID_CONFIRMED'
            ? { kind: 'confirmed', status: finalized }
            : { kind: 'warning', reason: 'still-processing' };
        }
        break;
      case 'PENDING':
        if (polls >= MAX_POLLS) return { kind: 'warning', reason: 'still-pending' };
        break;
      default:
        return { kind: 'warning', reason: 'unknown-state' };
    }
    await deps.wait(POLL_INTERVAL_MS);
  }
}
