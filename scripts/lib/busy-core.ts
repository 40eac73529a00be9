import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * Spins without pause, a tenth of a second at a time, and between slices leaves off if the process that
 * started it is gone: a spinner whose audit was killed (Ctrl-C, a CI timeout) never keeps a shared
 * machine's core to itself.
 */
const SPIN = `const parent = Number(process.argv[1]);
for (;;) {
  const sliceEnd = Date.now() + 100;
  while (Date.now() < sliceEnd);
  if (process.ppid !== parent) process.exit(0);
}`;

export interface BusyCore {
  readonly pid: number;
  stop(): Promise<void>;
}

/** Another process keeping one core busy, as a guest's phone or a shared host has one, until `stop()`. */
export async function keepOneCoreBusy(): Promise<BusyCore> {
  const spinner: ChildProcess = spawn(process.execPath, ['-e', SPIN, String(process.pid)], {
    stdio: 'ignore',
  });
  await once(spinner, 'spawn');
  const pid = spinner.pid;
  if (pid === undefined) throw new Error('the spinning process did not start');
  return {
    pid,
    async stop() {
      if (spinner.exitCode !== null || spinner.signalCode !== null) return;
      const exited = once(spinner, 'exit');
      spinner.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs `work` while another process keeps one core busy, and stops that process whatever happens. */
export async function withOneCoreBusy<T>(work: (busy: BusyCore) => Promise<T>): Promise<T> {
  const busy = await keepOneCoreBusy();
  try {
    return await work(busy);
  } finally {
    await busy.stop();
  }
}
