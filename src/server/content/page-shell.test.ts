import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowingInline } from '../http/security.ts';
import { loadPageShell, type PageContent } from './page-shell.ts';

/** A build's index.html, as Vite writes it: the entry script and its stylesheet in the head. */
const BUILT_INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8">
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>`;

const page: Omit<PageContent, 'html'> = {
  meta: { title: 'Menu', description: 'Food', noindex: false, type: 'website' },
  shareImage: { url: '/images/_r/share.jpg', width: 1200, height: 630, alt: 'The pub at dusk' },
  siteName: 'The Rose & Crown',
  canonicalUrl: 'https://pub.test/menu',
};

describe('the page shell', () => {
  let webRoot: string;

  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'page-shell-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), BUILT_INDEX);
    writeFileSync(
      join(webRoot, 'assets/index-abc.css'),
      '@layer utilities{.flex{display:flex}.grid{display:grid}}',
    );
    writeFileSync(
      join(webRoot, 'assets/fonts-ghi.css'),
      '@font-face{font-family:Inter;src:url(/assets/inter.woff2)}@layer utilities{.flex{display:flex}}',
    );
    writeFileSync(
      join(webRoot, 'assets/admin-def.css'),
      '@layer utilities{.flex{display:flex}.grid{display:grid}.admin-only{color:red}}',
    );
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it('inlines the rules the page uses and links the whole stylesheet at the end of the body', () => {
    const shell = loadPageShell(webRoot, 'https://pub.test');
    const { html, inline: sources } = shell.render({ ...page, html: '<main class="flex">Menu</main>' });
    const [head = '', body = ''] = html.split('</head>');
    const inline = /<style>(.*?)<\/style>/.exec(head)?.[1];
    expect(inline).toBe('@layer utilities;@layer utilities{.flex{display:flex}}');
    expect(head).not.toContain('rel="stylesheet"');
    expect(body).toMatch(/<link rel="stylesheet" href="\/assets\/index-abc\.css"><\/body>/);
    expect(sources.style).toBe(
      `sha256-${createHash('sha256')
        .update(inline ?? '')
        .digest('base64')}`,
    );
  });

  it('uses a page’s own stylesheet, the admin’s, in place of the entry’s', () => {
    const shell = loadPageShell(webRoot, 'https://pub.test');
    const { html } = shell.render({
      ...page,
      html: '<main class="admin-only">Staff</main>',
      stylesheets: ['assets/admin-def.css'],
    });
    expect(html).toContain('.admin-only{color:red}');
    expect(html).toContain('<link rel="stylesheet" href="/assets/admin-def.css">');
    expect(html).not.toContain('index-abc.css');
  });

  it('declares the font faces inline once, linking the stylesheet’s copy without them', () => {
    const shell = loadPageShell(webRoot, 'https://pub.test');
    const { html } = shell.render({
      ...page,
      html: '<main class="flex">Menu</main>',
      stylesheets: ['assets/fonts-ghi.css'],
    });
    const [head = '', body = ''] = html.split('</head>');
    expect(head).toContain('@font-face{font-family:Inter;src:url(/assets/inter.woff2)}');
    expect(body).toContain('<link rel="stylesheet" href="/assets/fonts-ghi.without-fonts.css">');
    expect(body).not.toContain('href="/assets/fonts-ghi.css"');
  });

  it('names a raster link preview picture with its absolute URL, size and description', () => {
    const shell = loadPageShell(webRoot, 'https://pub.test');
    const head = shell.render(page).html.split('</head>')[0];
    for (const tag of [
      '<meta property="og:image" content="https://pub.test/images/_r/share.jpg"/>',
      '<meta property="og:image:width" content="1200"/>',
      '<meta property="og:image:height" content="630"/>',
      '<meta property="og:image:alt" content="The pub at dusk"/>',
      '<meta name="twitter:image" content="https://pub.test/images/_r/share.jpg"/>',
      '<meta name="twitter:image:alt" content="The pub at dusk"/>',
    ]) {
      expect(head).toContain(tag);
    }
    const remote = shell.render({ ...page, shareImage: { url: 'https://photos.example/quiz.jpg' } }).html;
    expect(remote).toContain('<meta property="og:image" content="https://photos.example/quiz.jpg"/>');
    expect(remote).not.toContain('og:image:width');
  });

  it('allows exactly that inline stylesheet and script in the page’s content security policy', () => {
    const policy = "default-src 'self';script-src 'self';style-src 'self';img-src 'self'";
    expect(allowingInline(policy, { style: 'sha256-abc=' })).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'sha256-abc=';img-src 'self'",
    );
    expect(allowingInline(policy, { style: 'sha256-abc=', script: 'sha256-def=' })).toBe(
      "default-src 'self';script-src 'self' 'sha256-def=';style-src 'self' 'sha256-abc=';img-src 'self'",
    );
  });
});
