/**
 * `node scripts/release-fixture.ts [RELEASE]`: writes the upgrade test's fixture, tests/fixtures/previous-release.backup.gz,
 * with the code of RELEASE (a tag or commit; default HEAD), so the next release's `npm test` proves that a backup of
 * this one restores and serves. Run it right after cutting a release and commit the file (docs/operations.md).
 *
 * The release's own server starts on a new embedded database with its demo data, takes a large party's enquiry and
 * two bookings whose notes hold what a guest may type (line and paragraph separators, quotes, markup, emoji), stops,
 * and the release's own `npm run backup` writes the file. The release runs from a git worktree of its own, with this
 * tree's node_modules and build (the build only shapes pages, never what the database holds).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCurrentBuild } from './lib/build.ts';
import { freePort } from './lib/free-port.ts';
import { firstFreeSlot } from './lib/free-slot.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'tests/fixtures');
const FIXTURE = join(FIXTURES, 'previous-release.backup.gz');
const START_TIMEOUT_MS = 60_000;

const { positionals } = parseArgs({ allowPositionals: true });
const release = positionals[0] ?? 'HEAD';

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--short', `${release}^{commit}`);

async function waitUntilServing(server: ChildProcess, baseUrl: string, output: () => string): Promise<void> {
  const giveUpAt = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The release's server exited:\n${output()}`);
    if (Date.now() > giveUpAt) throw new Error(`The release's server did not start:\n${output()}`);
    const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (health?.ok) return;
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

async function post(baseUrl: string, path: string, body: object): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
}

/** What guests send that a backup must carry unchanged. */
async function bookAsGuests(baseUrl: string): Promise<void> {
  const guest = { phone: '07700 900123', email: 'guest@example.com', partyAdults: 2 };
  await post(baseUrl, '/api/bookings', {
    ...guest,
    ...(await firstFreeSlot(baseUrl, 2)),
    name: 'Zoë O’Brien-Łukasiewicz',
    allergies: 'Peanuts\u2028and shellfish\u2029(severe)',
    occasion: 'Birthday',
    occasionNotes: 'Her 40th\u2028— keep it quiet',
    specialNotes: 'Window seat "please" <script>alert(1)</script> & a high chair\r\n\tback\\slash 🍺',
    marketingConsent: true,
  });
  await post(baseUrl, '/api/bookings', {
    ...guest,
    ...(await firstFreeSlot(baseUrl, 2)),
    name: 'Ada Lovelace',
    specialNotes: '{"table":"bookings","row":{}}\n{"format":"rose-and-crown-backup"}',
  });
  await post(baseUrl, '/api/enquiries', {
    ...guest,
    name: 'Grace Hopper',
    preferredDate: (await firstFreeSlot(baseUrl, 2)).date,
    preferredTime: '19:00',
    partySize: 14,
    notes: 'Retirement do\u2029two vegans',
  });
}

const tree = mkdtempSync(join(tmpdir(), 'release-'));
const dataDir = mkdtempSync(join(tmpdir(), 'release-data-'));
git('worktree', 'add', '--detach', tree, commit);
try {
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  if (!existsSync(join(ROOT, 'dist/index.html'))) ensureCurrentBuild('inherit');
  symlinkSync(join(ROOT, 'dist'), join(tree, 'dist'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { PATH: process.env.PATH, DATA_DIR: dataDir };
  let output = '';
  const server = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: tree,
    env: { ...env, NODE_ENV: 'development', SEED_DEMO: 'true', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  try {
    await waitUntilServing(server, baseUrl, () => output);
    await bookAsGuests(baseUrl);
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const stopped = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await stopped;
    }
  }
  execFileSync(process.execPath, ['scripts/backup.ts', '--out', FIXTURE], {
    cwd: tree,
    env,
    stdio: 'inherit',
  });
} finally {
  git('worktree', 'remove', '--force', tree);
  rmSync(dataDir, { recursive: true, force: true });
}

writeFileSync(
  join(FIXTURES, 'README.md'),
  `# Fixtures

\`previous-release.backup.gz\` (${statSync(FIXTURE).size} bytes) is a backup written by release ${commit} with its own
\`npm run backup\`: its demo data, a large party's enquiry and two bookings whose notes hold line and paragraph
separators (U+2028, U+2029), quotes, markup and emoji. \`src/server/upgrade.test.ts\` restores it with this
version's \`npm run restore\`, starts this version's server on it, and books a table.

Written by \`node scripts/release-fixture.ts ${commit}\`: run it right after cutting each release, and commit
both files (docs/operations.md, "Cutting a release").
`,
);
console.log(`Wrote ${FIXTURE} with release ${commit}.`);
