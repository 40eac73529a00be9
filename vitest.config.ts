import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { formReadyWithoutRender } from './scripts/lib/form-ready-without-render.ts';

const NODE_SUITES = [
  'src/shared/**/*.test.ts',
  'src/server/**/*.test.ts',
  'src/db/**/*.test.ts',
  'scripts/**/*.test.ts',
];
/** The node suites that replace a module (`vi.mock`): found by reading them, so a new one is never missed. */
const MOCKING_SUITES = NODE_SUITES.map((suites) => suites.replace('/**/*.test.ts', '')).flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(folder, file))
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8'))),
);

export default defineConfig({
  // The web suites run react-hook-form as the built site does (decision 053).
  plugins: [formReadyWithoutRender(), react()],
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
          // Through Vite's plugins, as the built site has it (form-ready-without-render.ts).
          server: { deps: { inline: ['react-hook-form'] } },
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
          include: NODE_SUITES,
          exclude: MOCKING_SUITES,
          setupFiles: ['tests/helpers/setup-node.ts'],
          // Each worker imports the server once for all its files instead of once per file (the import was
          // a sixth of the stage). A suite starts its own app and database; none leaves state behind.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // A suite that replaces a module (vi.mock) gets its own module graph, so no other suite sees it.
          name: 'node-mocking',
          environment: 'node',
          include: MOCKING_SUITES,
          setupFiles: ['tests/helpers/setup-node.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
