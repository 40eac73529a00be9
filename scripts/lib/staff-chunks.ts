/** One chunk of Vite's manifest (`dist/.vite/manifest.json`), as far as the budgets read it. */
export interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** The staff admin's shell: the layout, the nav and the session, which loads each screen lazily. */
export const ADMIN_SHELL = 'src/web/routes/admin.tsx';

/** What one staff screen may fetch of its own, beyond the public entry and the admin shell (docs/performance.md). */
export const STAFF_SCREEN_BUDGET_KB = 45;

/** The files chunk `key` loads: its own and, depth first, those of its static imports. */
export function chunkFiles(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

export interface StaffScreenChunks {
  /** The screen's module, as the admin shell imports it. */
  screen: string;
  /** Its chunk and every chunk it imports that the entry and the shell have not loaded already. */
  files: string[];
  kb: number;
}

/**
 * Each staff screen the admin shell loads lazily, with the JavaScript opening it fetches: the screen's chunk
 * and its static imports, less what the public entry and the shell have loaded. A chunk shared by several
 * screens (the editors' shell, a dialog) counts for each of them, since the first screen opened fetches it.
 */
export function staffScreenChunks(manifest: Manifest, gzipKb: (file: string) => number): StaffScreenChunks[] {
  const shell = manifest[ADMIN_SHELL];
  if (!manifest['index.html'] || !shell)
    throw new Error(`the manifest has no index.html or ${ADMIN_SHELL}: run the build`);
  const loaded = chunkFiles(manifest, ADMIN_SHELL, chunkFiles(manifest, 'index.html'));
  return (shell.dynamicImports ?? []).map((screen) => {
    const files = [...chunkFiles(manifest, screen, new Set(loaded))].filter((file) => !loaded.has(file));
    return { screen, files, kb: files.reduce((sum, file) => sum + gzipKb(file), 0) };
  });
}

/** The screens over the budget, each as the audit reports it. */
export function staffScreensOverBudget(screens: StaffScreenChunks[]): string[] {
  return screens
    .filter((screen) => screen.kb > STAFF_SCREEN_BUDGET_KB)
    .map(
      (screen) =>
        `${screen.screen}: ${screen.kb.toFixed(1)} KB gzip of its own (budget ${STAFF_SCREEN_BUDGET_KB}): ${screen.files.join(', ')}`,
    );
}
