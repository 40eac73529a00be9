import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../shared/content/page-data.ts';
import type { PageMeta } from '../../shared/content/page-meta.ts';
import { html, jsonForScript } from '../lib/html.ts';

const HEAD_MARKER = '<!--app-head-->';
const BODY_MARKER = '<!--app-html-->';

export interface PageContent {
  meta: PageMeta;
  /** The pub's name, from the venue document. */
  siteName: string;
  canonicalUrl: string;
  /** More tags for the head: preloads, structured data. */
  head?: string;
  /** The server-rendered markup of `#root`; empty leaves the page to the browser. */
  html?: string;
  /** The data the markup was rendered with, for the browser to hydrate with. */
  pageData?: PageData;
}

export interface PageShell {
  render(content: PageContent): string;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/** The built stylesheets linked from index.html, as the text each is inlined with. */
function builtStylesheets(webRoot: string): { link: string; css: string }[] {
  const indexPath = join(webRoot, 'index.html');
  if (!existsSync(indexPath)) return [];
  return [...readFileSync(indexPath, 'utf8').matchAll(STYLESHEET_LINK)].map(([link, file]) => ({
    link,
    css: readFileSync(join(webRoot, file ?? ''), 'utf8'),
  }));
}

/** The CSP hashes (`sha256-…`) of the stylesheets the pages carry inline. */
export function inlineStylesheetHashes(webRoot: string): string[] {
  return builtStylesheets(webRoot).map(
    ({ css }) => `sha256-${createHash('sha256').update(css).digest('base64')}`,
  );
}

function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/** The page's title, description, canonical URL, and its Open Graph and Twitter card tags. */
function HeadTags(props: { meta: PageMeta; canonicalUrl: string; publicUrl: string; siteName: string }) {
  const { meta, canonicalUrl } = props;
  const image = absoluteUrl(props.publicUrl, meta.image);
  return html`<${Fragment}>
    <title>${meta.title}</title>
    <meta name="description" content=${meta.description} />
    <link rel="canonical" href=${canonicalUrl} />
    ${meta.noindex && html`<meta name="robots" content="noindex" />`}
    <meta property="og:site_name" content=${props.siteName} />
    <meta property="og:type" content=${meta.type} />
    <meta property="og:title" content=${meta.title} />
    <meta property="og:description" content=${meta.description} />
    <meta property="og:url" content=${canonicalUrl} />
    <meta property="og:image" content=${image} />
    <meta property="og:locale" content="en_GB" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="twitter:title" content=${meta.title} />
    <meta name="twitter:description" content=${meta.description} />
    <meta name="twitter:image" content=${image} />
  <//>`;
}

/**
 * The built index.html with each page's title, description, canonical URL and Open Graph tags. The
 * stylesheet (~12 KB compressed) is inlined: the page paints as soon as its HTML arrives, with no
 * render-blocking request, and without waiting for the script that hydrates it.
 */
export function loadPageShell(webRoot: string, publicUrl: string): PageShell {
  let template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  for (const { link, css } of builtStylesheets(webRoot))
    template = template.replace(link, () => `<style>${css}</style>`);
  for (const marker of [HEAD_MARKER, BODY_MARKER]) {
    if (!template.includes(marker)) throw new Error(`${join(webRoot, 'index.html')} has no ${marker} marker`);
  }
  return {
    render({ meta, siteName, canonicalUrl, head: extraHead = '', html: markup = '', pageData }) {
      const tags = renderToStaticMarkup(
        html`<${HeadTags} meta=${meta} canonicalUrl=${canonicalUrl} publicUrl=${publicUrl} siteName=${siteName} />`,
      );
      const head = extraHead ? `${tags}\n    ${extraHead}` : tags;
      const data =
        pageData && Object.keys(pageData).length > 0
          ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(pageData)}</script>`
          : '';
      return template
        .replace(HEAD_MARKER, () => head)
        .replace(BODY_MARKER, () => markup)
        .replace('</body>', () => `${data}</body>`);
    },
  };
}
