import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '#shared/content/page-data.ts';
import type { PageMeta } from '#shared/content/page-meta.ts';
import { cspHash, type InlineSources } from '../http/security.ts';
import { html, jsonForScript } from '../lib/html.ts';
import { type CriticalCss, criticalCss } from './critical-css.ts';
import { declaresFontFaces, withoutFontFacesFile } from './font-faces.ts';

const HEAD_MARKER = '<!--app-head-->';
const BODY_MARKER = '<!--app-html-->';
const STYLE_MARKER = '<!--app-style-->';

/** The picture a shared link's preview shows: a raster (JPEG, PNG or WebP), with its size when known. */
export interface ShareImage {
  /** A path on the site or an absolute URL. */
  url: string;
  width?: number;
  height?: number;
  /** What it shows, for people who cannot see it. */
  alt?: string;
}

export interface PageContent {
  meta: PageMeta;
  shareImage: ShareImage;
  /** The pub's name, from the venue document. */
  siteName: string;
  canonicalUrl: string;
  /** More tags for the head: preloads, structured data. */
  head?: string;
  /** The server-rendered markup of `#root`; empty leaves the page to the browser. */
  html?: string;
  /** The data the markup was rendered with, for the browser to hydrate with. */
  pageData?: PageData;
  /**
   * The stylesheets the page's own chunk brings (built files, `assets/….css`): the staff admin's, which
   * holds the public rules as well (src/web/admin.css), so it stands in for the entry's stylesheet.
   */
  stylesheets?: string[];
  /** The page's own script in place of those the built index.html names (which load the app at once). */
  scripts?: PageScript;
}

/** An inline script element, and the CSP source (`sha256-…`) that allows it. */
export interface PageScript {
  element: string;
  hash: string;
}

export interface RenderedPage {
  html: string;
  /** The CSP sources that allow the page's inline critical CSS and script (none without a build). */
  inline: InlineSources;
}

export interface PageShell {
  render(content: PageContent): RenderedPage;
}

const MODULE_TAGS = /\s*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/** The page's title, description, canonical URL, and its Open Graph and Twitter card tags. */
function HeadTags(props: {
  meta: PageMeta;
  shareImage: ShareImage;
  canonicalUrl: string;
  publicUrl: string;
  siteName: string;
}) {
  const { meta, shareImage, canonicalUrl } = props;
  const image = absoluteUrl(props.publicUrl, shareImage.url);
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
    ${shareImage.width && html`<meta property="og:image:width" content=${String(shareImage.width)} />`}
    ${shareImage.height && html`<meta property="og:image:height" content=${String(shareImage.height)} />`}
    ${shareImage.alt && html`<meta property="og:image:alt" content=${shareImage.alt} />`}
    <meta property="og:locale" content="en_GB" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="twitter:title" content=${meta.title} />
    <meta name="twitter:description" content=${meta.description} />
    <meta name="twitter:image" content=${image} />
    ${shareImage.alt && html`<meta name="twitter:image:alt" content=${shareImage.alt} />`}
  <//>`;
}

/**
 * The built index.html with each page's title, description, canonical URL and Open Graph tags. Its
 * stylesheet is split: the rules the page's first screen needs are inlined (`critical-css.ts`), so the page
 * paints as soon as its HTML arrives; the whole stylesheet is linked at the end of the body, where it
 * holds up no paint, is cached for every later page and is in place before any script runs. Every font
 * face is declared inline, and the linked copy goes without them (`font-faces.ts`).
 */
export function loadPageShell(webRoot: string, publicUrl: string): PageShell {
  let template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const entryStylesheets = [...template.matchAll(STYLESHEET_LINK)].map(([, file]) => file as string);
  template = template
    .replace(STYLESHEET_LINK, '')
    .replace(HEAD_MARKER, `${HEAD_MARKER}\n    ${STYLE_MARKER}`);
  for (const marker of [HEAD_MARKER, BODY_MARKER]) {
    if (!template.includes(marker)) throw new Error(`${join(webRoot, 'index.html')} has no ${marker} marker`);
  }
  const templateWithoutScripts = template.replace(MODULE_TAGS, '');
  const styleByStylesheets = new Map<string, { critical: CriticalCss; links: string }>();
  const styleOf = (files: string[]) => {
    const key = files.join(',');
    let style = styleByStylesheets.get(key);
    if (!style) {
      const stylesheets = files.map((file) => readFileSync(join(webRoot, file), 'utf8'));
      // Each font face is declared once, inline: the linked copy goes without them (font-faces.ts).
      const links = files
        .map((file, at) => (declaresFontFaces(stylesheets[at] ?? '') ? withoutFontFacesFile(file) : file))
        .map((file) => `<link rel="stylesheet" href="/${file}">`)
        .join('');
      style = { critical: criticalCss(stylesheets.join('\n')), links };
      styleByStylesheets.set(key, style);
    }
    return style;
  };
  return {
    render({
      meta,
      shareImage,
      siteName,
      canonicalUrl,
      head: extraHead = '',
      html: markup = '',
      pageData,
      stylesheets,
      scripts,
    }) {
      const tags = renderToStaticMarkup(
        html`<${HeadTags}
          meta=${meta}
          shareImage=${shareImage}
          canonicalUrl=${canonicalUrl}
          publicUrl=${publicUrl}
          siteName=${siteName}
        />`,
      );
      const head = extraHead ? `${tags}\n    ${extraHead}` : tags;
      const files = stylesheets?.length ? stylesheets : entryStylesheets;
      const style = files.length > 0 ? styleOf(files) : null;
      const css = style ? style.critical.forMarkup(markup) : null;
      const links = style?.links ?? '';
      const data =
        pageData && Object.keys(pageData).length > 0
          ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(pageData)}</script>`
          : '';
      const shell =
        scripts === undefined
          ? template
          : templateWithoutScripts.replace('</head>', () => `${scripts.element}\n  </head>`);
      const page = shell
        .replace(HEAD_MARKER, () => head)
        .replace(STYLE_MARKER, () => (css === null ? '' : `<style>${css}</style>`))
        .replace(BODY_MARKER, () => markup)
        .replace('</body>', () => `${links}${data}</body>`);
      return {
        html: page,
        inline: { style: css === null ? undefined : cspHash(css), script: scripts?.hash },
      };
    },
  };
}
