import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The browser the journeys and the audit drive. No test tool downloads a browser of its own here: we use the
 * system's Chromium (Debian's package), installing it when we can, or the one CHROMIUM_PATH names.
 */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  return CANDIDATES.find((path) => existsSync(path));
}

const CANNOT_INSTALL =
  'The browser tests need Chromium, and none was found. Install it (Debian or Ubuntu: ' +
  '`sudo apt-get install chromium`), or set CHROMIUM_PATH to a Chromium or Chrome binary, then run the tests again.';

function canInstallWithApt(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('apt-get', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Metric-compatible stand-ins for Arial and Times New Roman: the fonts our fallback @font-faces are sized
 * against (decision 021), so the browser here shows what a phone shows while the web fonts load.
 */
const FALLBACK_FONTS = '/usr/share/fonts/truetype/liberation';

function aptInstall(packages: string[]): void {
  const apt = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } } as const;
  execFileSync('apt-get', ['update'], apt);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], apt);
}

/** The browser's path; on a machine without one, Debian's package is installed when running as root. */
export function ensureChromium(): string {
  const found = chromiumPath();
  if (found) {
    if (!existsSync(found)) throw new Error(`CHROMIUM_PATH names ${found}, which does not exist.`);
    if (!existsSync(FALLBACK_FONTS) && canInstallWithApt()) {
      console.log('Installing the Liberation fonts the fallback font metrics match (once).');
      aptInstall(['fonts-liberation']);
    }
    return found;
  }
  if (!canInstallWithApt()) throw new Error(CANNOT_INSTALL);
  console.log('No Chromium on this machine: installing Debian’s chromium package (a minute or two, once).');
  aptInstall(['chromium', 'fonts-dejavu-core', 'fonts-liberation']);
  const installed = chromiumPath();
  if (!installed) throw new Error(CANNOT_INSTALL);
  return installed;
}
