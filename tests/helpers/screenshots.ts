/**
 * Screenshots of every public page at phone and desktop width, for looking at the design:
 * `node tests/helpers/screenshots.ts http://localhost:3000 /tmp/shots [/path …]`.
 */
import { chromium } from '@playwright/test';

const [baseUrl = 'http://localhost:3000', outDir = 'screenshots', ...paths] = process.argv.slice(2);
const routes =
  paths.length > 0
    ? paths
    : [
        '/',
        '/events',
        '/menu',
        '/menu/showtimeMenu',
        '/gallery',
        '/about',
        '/contact',
        '/bookings',
        '/christmas',
        '/nope',
      ];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
  await context.addInitScript(() => sessionStorage.setItem('christmas-promo-dismissed', '1'));
  const page = await context.newPage();
  for (const path of routes) {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
    if (width === 390) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let top = 0, part = 1; top < height; top += 1100, part++) {
        await page.screenshot({
          path: `${outDir}/${name}-${width}-part${part}.png`,
          fullPage: true,
          clip: { x: 0, y: top, width, height: Math.min(1100, height - top) },
        });
      }
    }
  }
  await context.close();
}
await browser.close();
