import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageData } from '#shared/content/page-data.ts';
import { cspHash } from '../http/security.ts';
import type { PageScript } from './page-shell.ts';

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
   * The page's one script: the boot module (`src/web/boot.ts`), inline, with every module the page at
   * `pathname` runs (the entry and its imports, then the page's chunk and its imports, then under /admin the
   * staff screen's chunk and its imports) for it to load once the page has painted. Nothing is requested
   * before then, not even the boot module itself, so no script competes with the largest paint.
   */
  scripts(pathname: string): PageScript;
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
  // Inline, the boot module can import nothing and must not end its element early.
  const bootSource = readFileSync(join(webRoot, boot.file), 'utf8').trim();
  if (boot.imports?.length || /<\/script/i.test(bootSource)) {
    throw new Error(`${boot.file} cannot be written inline: it imports chunks or holds a closing script tag`);
  }
  const bootHash = cspHash(bootSource);
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
      return {
        element: `<script type="module" async data-modules="${modules}">${bootSource}</script>`,
        hash: bootHash,
      };
    },
    stylesheets(pathname) {
      const stylesheets = new Set<string>();
      for (const source of sourcesFor(pathname)) chunkStylesheets(manifest, source, new Set(), stylesheets);
      return [...stylesheets].filter((file) => !entryStylesheets.has(file));
    },
  };
}
