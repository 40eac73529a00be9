import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageData } from '#shared/content/page-data.ts';

interface ServerEntry {
  renderPage(url: string, pageData: PageData): Promise<string>;
  pageModuleFor(pathname: string): string | undefined;
  staffScreenModuleFor(pathname: string): string | undefined;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface PageRenderer {
  /** The page's markup for `#root`. */
  render(url: string, pageData: PageData): Promise<string>;
  /**
   * The page's one script tag: the boot module (`src/web/boot.ts`), with every module the page at
   * `pathname` runs (the entry and its imports, then the page's chunk and its imports, then under /admin the
   * staff screen's chunk and its imports) for it to load once the page has painted. Nothing else is
   * requested before then, so no script competes with the largest paint.
   */
  scripts(pathname: string): string;
  /** The stylesheets the chunks of the page at `pathname` import beyond the entry's (the admin's). */
  stylesheets(pathname: string): string[];
}

/** Every chunk `key` needs: its own file and, depth first, those of its static imports. */
function chunkFiles(
  manifest: Record<string, ManifestChunk>,
  key: string,
  into = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

/** The stylesheets chunk `key` and, depth first, its static imports bring. */
function chunkStylesheets(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
  into = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return into;
  seen.add(key);
  for (const file of chunk.css ?? []) into.add(file);
  for (const imported of chunk.imports ?? []) chunkStylesheets(manifest, imported, seen, into);
  return into;
}

const BOOT_MODULE = 'src/web/boot.ts';

/**
 * The server-side renderer built by `npm run build` (`dist/server/entry-server.js`), or null when the
 * build has none (the browser then renders the page itself, as before).
 */
export async function loadPageRenderer(webRoot: string): Promise<PageRenderer | null> {
  const entryPath = join(webRoot, 'server', 'entry-server.js');
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(entryPath) || !existsSync(manifestPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const boot = manifest[BOOT_MODULE];
  if (!boot) throw new Error(`${manifestPath} has no ${BOOT_MODULE}: run the build`);
  const entryFiles = chunkFiles(manifest, 'index.html');
  const entryStylesheets = chunkStylesheets(manifest, 'index.html');
  /** The page's chunk, then the staff screen's within it. */
  const sourcesFor = (pathname: string) =>
    [entry.pageModuleFor(pathname), entry.staffScreenModuleFor(pathname)].filter(
      (source) => source !== undefined,
    );
  return {
    render: (url, pageData) => entry.renderPage(url, pageData),
    scripts(pathname) {
      const files = new Set(entryFiles);
      for (const source of sourcesFor(pathname)) chunkFiles(manifest, source, files);
      const modules = [...files].map((file) => `/${file}`).join(' ');
      return `<script type="module" async fetchpriority="low" crossorigin src="/${boot.file}" data-modules="${modules}"></script>`;
    },
    stylesheets(pathname) {
      const stylesheets = new Set<string>();
      for (const source of sourcesFor(pathname)) chunkStylesheets(manifest, source, new Set(), stylesheets);
      return [...stylesheets].filter((file) => !entryStylesheets.has(file));
    },
  };
}
