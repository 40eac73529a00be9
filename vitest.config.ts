import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest leaves one core to itself by default: one worker on a 2-core machine. The suites wait on
    // PostgreSQL, sockets and timers much of the time, so two keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/setup-dom.ts'],
          // Async queries wait up to 5 s (setup-dom.ts); a test of several such steps on a busy
          // machine needs room for them all.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.test.ts',
            'src/db/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['tests/helpers/setup-node.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
