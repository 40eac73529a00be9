import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { watchTableChanges } from './table-changes.ts';

/** A database that is listened to, but refuses every statement: the connection that sends went away. */
function refusingDatabase(): Pick<DatabaseHandle, 'listen' | 'db'> {
  return {
    listen: async (_channel, handlers) => {
      handlers.onListening();
      return async () => {};
    },
    db: {
      execute: async () => {
        throw new Error('Connection terminated unexpectedly');
      },
    } as unknown as DatabaseHandle['db'],
  };
}

describe('catching up with this process’s own writes', () => {
  it('never fails the write that asks: when it cannot be heard, every read is made again', async () => {
    const warn = vi.fn();
    const changes = await watchTableChanges(refusingDatabase(), { warn } as unknown as FastifyBaseLogger);
    const before = changes.stamp(['bookings']);
    await expect(changes.caughtUp()).resolves.toBeUndefined();
    expect(changes.stamp(['bookings'])).not.toBe(before);
    expect(warn).toHaveBeenCalledOnce();
  });
});
