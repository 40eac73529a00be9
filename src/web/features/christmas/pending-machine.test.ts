import { describe, expect, it, vi } from 'vitest';
import type { PendingStatus } from '#shared/christmas/checkout-schemas.ts';
import { type PendingMachineDeps, runPendingMachine } from './pending-machine.ts';

class Unknown extends Error {}

/** A machine whose status answers come from a script, one per poll; the last repeats. */
function scripted(
  answers: (PendingStatus | 'network' | 'unknown')[],
  finalized: PendingStatus | null = null,
) {
  let call = 0;
  const deps = {
    fetchStatus: vi.fn(async () => {
      const answer = answers[Math.min(call++, answers.length - 1)];
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer === 'unknown') throw new Unknown();
      return answer as PendingStatus;
    }),
    finalize: vi.fn(async () => finalized),
    wait: vi.fn(async () => {}),
    isUnknownReservation: (error: unknown) => error instanceof Unknown,
  } satisfies PendingMachineDeps;
  return deps;
}

const confirmed: PendingStatus = { state: 'PAID_CONFIRMED', reference: 'XMAS-7K3P' };

describe('runPendingMachine (spec §4)', () => {
  it('without a pid, is an error at once', async () => {
    const deps = scripted([confirmed]);
    expect(await runPendingMachine(null, deps)).toEqual({ kind: 'error', reason: 'missing-pid' });
    expect(deps.fetchStatus).not.toHaveBeenCalled();
  });

  it('succeeds on PAID_CONFIRMED', async () => {
    const deps = scripted([{ state: 'PENDING' }, confirmed]);
    expect(await runPendingMachine('pid', deps)).toEqual({ kind: 'confirmed', status: confirmed });
    expect(deps.fetchStatus).toHaveBeenCalledTimes(2);
    expect(deps.wait).toHaveBeenCalledWith(1000);
  });

  it('polls PAID_AWAITING 6 times a second apart, then finalizes once', async () => {
    const deps = scripted([{ state: 'PAID_AWAITING' }], confirmed);
    expect(await runPendingMachine('pid', deps)).toEqual({ kind: 'confirmed', status: confirmed });
    expect(deps.fetchStatus).toHaveBeenCalledTimes(6);
    expect(deps.wait).toHaveBeenCalledTimes(5);
    expect(deps.finalize).toHaveBeenCalledTimes(1);
  });

  it('warns when finalize does not succeed', async () => {
    const deps = scripted([{ state: 'PAID_AWAITING' }], null);
    expect(await runPendingMachine('pid', deps)).toEqual({ kind: 'warning', reason: 'still-processing' });
    expect(deps.finalize).toHaveBeenCalledTimes(1);
  });

  it('polls PENDING 6 times, then warns without finalizing', async () => {
    const deps = scripted([{ state: 'PENDING' }]);
    expect(await runPendingMachine('pid', deps)).toEqual({ kind: 'warning', reason: 'still-pending' });
    expect(deps.fetchStatus).toHaveBeenCalledTimes(6);
    expect(deps.finalize).not.toHaveBeenCalled();
  });

  it('is an error on CANCELLED, and a warning on any other state', async () => {
    expect(await runPendingMachine('pid', scripted([{ state: 'CANCELLED' }]))).toEqual({
      kind: 'error',
      reason: 'cancelled',
    });
    expect(await runPendingMachine('pid', scripted([{ state: 'REFUNDED' as never }]))).toEqual({
      kind: 'warning',
      reason: 'unknown-state',
    });
  });

  it('retries a network failure up to 3 attempts, then is an error', async () => {
    const recovers = scripted(['network', 'network', confirmed]);
    expect(await runPendingMachine('pid', recovers)).toEqual({ kind: 'confirmed', status: confirmed });
    const fails = scripted(['network']);
    expect(await runPendingMachine('pid', fails)).toEqual({ kind: 'error', reason: 'network' });
    expect(fails.fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('stops at an unknown reservation', async () => {
    expect(await runPendingMachine('pid', scripted(['unknown']))).toEqual({
      kind: 'error',
      reason: 'not-found',
    });
  });
});
