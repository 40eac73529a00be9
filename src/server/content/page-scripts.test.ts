import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageMeta } from '#shared/content/page-meta.ts';
import { loadPageRenderer } from './page-renderer.ts';
import { loadPageShell } from './page-shell.ts';

/** A build as `npm run build` leaves it: index.html naming the entry, the manifest, the server renderer. */
const BUILT_INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <!--app-head-->
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-s1.js">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', imports: ['_shared-s1.js'], isEntry: true },
  '_shared-s1.js': { file: 'assets/shared-s1.js' },
  'src/web/boot.ts': { file: 'assets/boot-b1.js', isEntry: true },
  'src/web/routes/menu.tsx': { file: 'assets/menu-m1.js', imports: ['_shared-s1.js', '_dish-d1.js'] },
  '_dish-d1.js': { file: 'assets/dish-d1.js' },
  'src/web/routes/admin.tsx': {
    file: 'assets/admin-a1.js',
    imports: ['index.html', '_shared-s1.js'],
    css: ['assets/admin-a1.css'],
    dynamicImports: ['src/web/features/booking/admin/bookings-day-page.tsx'],
  },
  'src/web/features/booking/admin/bookings-day-page.tsx': {
    file: 'assets/bookings-day-page-d1.js',
    imports: ['index.html', 'src/web/routes/admin.tsx', '_drawer-r1.js'],
  },
  '_drawer-r1.js': { file: 'assets/drawer-r1.js' },
};

const SERVER_ENTRY = `
export async function renderPage(url) { return '<main>' + url + '</main>'; }
export function pageModuleFor(pathname) {
  if (pathname === '/menu') return 'src/web/routes/menu.tsx';
  return pathname.startsWith('/admin') ? 'src/web/routes/admin.tsx' : undefined;
}
export function staffScreenModuleFor(pathname) {
  return pathname === '/admin/bookings' ? 'src/web/features/booking/admin/bookings-day-page.tsx' : undefined;
}
`;

/** The built boot module: it finds its own element by its list of modules. */
const BOOT_SOURCE = "document.querySelector('script[data-modules]');";

const meta: PageMeta = { title: 'Food Menu', description: 'What we cook.', noindex: false, type: 'website' };
const shareImage = { url: '/images/_r/share.jpg', width: 1200, height: 630 };

describe('the scripts of a server-rendered page', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'rose-crown-scripts-'));

  beforeAll(() => {
    mkdirSync(join(webRoot, '.vite'));
    mkdirSync(join(webRoot, 'server'));
    writeFileSync(join(webRoot, 'index.html'), BUILT_INDEX);
    writeFileSync(join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(webRoot, 'server', 'entry-server.js'), SERVER_ENTRY);
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'boot-b1.js'), `${BOOT_SOURCE}\n`);
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it('writes only the boot module, inline, listing the entry and its imports first, then the page’s own chunks', async () => {
    const renderer = await loadPageRenderer(webRoot);
    expect(renderer?.scripts('/menu')).toEqual({
      element:
        '<script type="module" async ' +
        'data-modules="/assets/index-e1.js /assets/shared-s1.js /assets/menu-m1.js /assets/dish-d1.js">' +
        `${BOOT_SOURCE}</script>`,
      hash: `sha256-${createHash('sha256').update(BOOT_SOURCE).digest('base64')}`,
    });
    expect(renderer?.scripts('/').element).toContain(
      'data-modules="/assets/index-e1.js /assets/shared-s1.js"',
    );
  });

  it('refuses a boot module that would end its own element early', async () => {
    const boot = join(webRoot, 'assets', 'boot-b1.js');
    writeFileSync(boot, "document.write('</script>');\n");
    try {
      await expect(loadPageRenderer(webRoot)).rejects.toThrow('cannot be written inline');
    } finally {
      writeFileSync(boot, `${BOOT_SOURCE}\n`);
    }
  });

  it('lists under /admin the admin’s chunk, then the staff screen’s own chunks', async () => {
    const renderer = await loadPageRenderer(webRoot);
    expect(renderer?.scripts('/admin/bookings').element).toContain(
      'data-modules="/assets/index-e1.js /assets/shared-s1.js /assets/admin-a1.js ' +
        '/assets/bookings-day-page-d1.js /assets/drawer-r1.js"',
    );
    expect(renderer?.scripts('/admin/no-such-screen').element).toContain(
      'data-modules="/assets/index-e1.js /assets/shared-s1.js /assets/admin-a1.js"',
    );
    expect(renderer?.stylesheets('/admin/bookings')).toEqual(['assets/admin-a1.css']);
  });

  it('puts those tags in place of the entry script and preloads of the built index.html', async () => {
    const renderer = await loadPageRenderer(webRoot);
    const shell = loadPageShell(webRoot, 'https://pub.test');
    const scripts = renderer?.scripts('/menu');
    const { html: page, inline } = shell.render({
      meta,
      shareImage,
      siteName: 'The Rose & Crown',
      canonicalUrl: 'https://pub.test/menu',
      html: '<main>Menu</main>',
      scripts,
    });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g)).toEqual([
      expect.stringContaining('data-modules="/assets/index-e1.js'),
    ]);
    expect(head).toContain(`>${BOOT_SOURCE}</script>`);
    expect(inline.script).toBe(scripts?.hash);
    expect(page).toContain('<div id="root"><main>Menu</main></div>');
  });

  it('keeps the built index.html’s own tags for a page the server could not render', () => {
    const shell = loadPageShell(webRoot, 'https://pub.test');
    const { html: page } = shell.render({
      meta,
      shareImage,
      siteName: 'The Rose & Crown',
      canonicalUrl: 'https://pub.test/menu',
    });
    expect(page).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-e1.js">',
    );
    expect(page).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-s1.js">',
    );
    expect(page).not.toContain('boot-b1.js');
  });
});
