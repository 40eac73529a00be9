import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyPixelsMessage } from '#shared/content/uploaded-images.ts';
import { pixelBombPng } from '#tests/helpers/pixel-bomb.ts';
import {
  ensureCurrentBuild,
  type Running,
  startServer,
  waitForHealth,
} from '#tests/helpers/server-process.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';
import { serveArguments } from '../../../scripts/lib/server-footprint.ts';
import { DEMO_ADMIN } from '../staff/admins.ts';

/** docs/performance.md: the most an embedded-PGlite server may hold at its peak, and once idle. */
const PEAK_BUDGET_MB = 600;
const IDLE_BUDGET_MB = 400;

/** A resident-memory figure of the process, in MB, from /proc (Linux). */
function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

describe.skipIf(process.platform !== 'linux')('three 16000 × 16000 PNGs uploaded at once', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pub-photo-memory-'));
  let server: Running;
  let origin: string;

  beforeAll(async () => {
    ensureCurrentBuild();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = startServer(port, { DATA_DIR: dataDir, SEED_DEMO: 'true' }, serveArguments());
    await waitForHealth(port, 60_000);
  }, 300_000);
  afterAll(() => {
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are refused from their headers, and the server stays within its memory budget', async () => {
    const bomb = await pixelBombPng();
    expect(bomb.length).toBeLessThan(1024 * 1024);

    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';

    const upload = async () => {
      const form = new FormData();
      form.append('alt', 'The beer garden from the air');
      form.append('category', 'The garden');
      form.append('file', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'garden.png');
      const response = await fetch(`${origin}/api/admin/images`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    };
    const answers = await Promise.all([upload(), upload(), upload()]);

    for (const answer of answers) {
      expect(answer).toEqual({ status: 400, body: { error: tooManyPixelsMessage(16_000, 16_000) } });
    }
    const pid = server.child.pid ?? 0;
    expect(memoryMb(pid, 'VmHWM')).toBeLessThanOrEqual(PEAK_BUDGET_MB);
    expect(memoryMb(pid, 'VmRSS')).toBeLessThanOrEqual(IDLE_BUDGET_MB);
  }, 300_000);
});
