import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keepOneCoreBusy, withOneCoreBusy } from './busy-core.ts';

/** A process's state and the CPU time it has used, in seconds (Linux's /proc). */
function processStat(pid: number): { state: string; cpuSeconds: number } | null {
  if (!existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { state: fields[0] ?? '', cpuSeconds: ticks / TICKS_PER_SECOND };
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** Still running: neither gone nor a zombie waiting for a parent to collect it. */
function isRunning(pid: number): boolean {
  const stat = processStat(pid);
  return stat !== null && stat.state !== 'Z';
}

describe('another process keeping one core busy', () => {
  it('spins until stopped, then is gone', async () => {
    const busy = await keepOneCoreBusy();
    const before = processStat(busy.pid)?.cpuSeconds ?? 0;
    await new Promise((wait) => setTimeout(wait, 1000));
    const spent = (processStat(busy.pid)?.cpuSeconds ?? 0) - before;
    await busy.stop();
    // Most of a core, on a shared machine where other processes take their turns too.
    expect(spent).toBeGreaterThan(0.3);
    expect(isRunning(busy.pid)).toBe(false);
  });

  it('is stopped when the work it was started for fails', async () => {
    let pid = 0;
    await expect(
      withOneCoreBusy(async (busy) => {
        pid = busy.pid;
        expect(isRunning(pid)).toBe(true);
        throw new Error('the audit failed');
      }),
    ).rejects.toThrow('the audit failed');
    expect(isRunning(pid)).toBe(false);
  });

  it('leaves off by itself when the process that started it is killed', async () => {
    const starter = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { keepOneCoreBusy } = await import(${JSON.stringify(new URL('./busy-core.ts', import.meta.url).href)});
         console.log((await keepOneCoreBusy()).pid);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [line] = (await once(starter.stdout, 'data')) as [Buffer];
    const spinner = Number(line.toString().trim());
    expect(isRunning(spinner)).toBe(true);
    starter.kill('SIGKILL');
    await once(starter, 'exit');
    await new Promise((wait) => setTimeout(wait, 500));
    expect(isRunning(spinner)).toBe(false);
  });
});
