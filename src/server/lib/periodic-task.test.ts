import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

describe.each(databaseTargets)('a periodic task on $name', (target) => {
  let running: TestApp;

  beforeEach(async () => {
    running = await startTestApp(target, new Date('2026-12-01T10:00:00Z'));
  });

  afterEach(async () => {
    await running.close();
  });

  it('ends a run once this server has heard what it wrote, as a request does', async () => {
    const { tableChanges } = running.app;
    await running.app.deposits.runDue();
    const listening = tableChanges.caughtUp;
    const waiting: (() => void)[] = [];
    tableChanges.caughtUp = () => new Promise<void>((heard) => waiting.push(heard));
    const hear = () => {
      tableChanges.caughtUp = listening;
      for (const heard of waiting) heard();
    };
    let ended = false;
    const run = running.app.deposits.runDue().then(() => {
      ended = true;
    });
    await new Promise((wait) => setTimeout(wait, 200));
    expect(ended).toBe(false);
    hear();
    await run;
    expect(ended).toBe(true);
  });
});
