/** Run before the browser journeys (`npm run test:e2e`): a machine without Chromium gets Debian's, or a clear message. */
import { ensureChromium } from './lib/chromium.ts';

try {
  console.log(`Browser: ${ensureChromium()}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
