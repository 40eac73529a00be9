import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageMeta } from '../../shared/page-meta.ts';
import { escapeHtml } from './html.ts';

const HEAD_MARKER = '<!--app-head-->';

export interface PageShell {
  render(meta: PageMeta, canonicalUrl: string, extraHead?: string): string;
}

function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/** The built index.html with each page's title, description, canonical URL and Open Graph tags. */
export function loadPageShell(webRoot: string, publicUrl: string, siteName: string): PageShell {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  if (!template.includes(HEAD_MARKER)) {
    throw new Error(`${join(webRoot, 'index.html')} has no ${HEAD_MARKER} marker`);
  }
  return {
    render(meta, canonicalUrl, extraHead = '') {
      const title = escapeHtml(meta.title);
      const description = escapeHtml(meta.description);
      const url = escapeHtml(canonicalUrl);
      const image = escapeHtml(absoluteUrl(publicUrl, meta.image));
      const head = [
        `<title>${title}</title>`,
        `<meta name="description" content="${description}">`,
        `<link rel="canonical" href="${url}">`,
        meta.noindex ? '<meta name="robots" content="noindex">' : '',
        `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
        `<meta property="og:type" content="${meta.type}">`,
        `<meta property="og:title" content="${title}">`,
        `<meta property="og:description" content="${description}">`,
        `<meta property="og:url" content="${url}">`,
        `<meta property="og:image" content="${image}">`,
        '<meta property="og:locale" content="en_GB">',
        '<meta name="twitter:card" content="summary_large_image">',
        `<meta name="twitter:title" content="${title}">`,
        `<meta name="twitter:description" content="${description}">`,
        `<meta name="twitter:image" content="${image}">`,
        extraHead,
      ]
        .filter(Boolean)
        .join('\n    ');
      return template.replace(HEAD_MARKER, head);
    },
  };
}
