import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, matchesGlob, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The files under `folder` (relative to the repository), as paths relative to the repository. */
export function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((path) => join(folder, path))
    .filter((path) => statSync(join(root, path)).isFile());
}

/**
 * The modules the public pages are built from: those of src/web the public stylesheet scans (styles.css,
 * which leaves out the staff admin's), and the shared ones.
 */
export function publicSources(): string[] {
  const stylesheet = readFileSync(join(root, 'src/web/styles.css'), 'utf8');
  const excluded = [...stylesheet.matchAll(/@source not "\.\/([^"]+)"/g)].map(
    ([, glob]) => `src/web/${glob}`,
  );
  const isExcluded = (path: string) =>
    excluded.some((glob) => matchesGlob(path, glob) || matchesGlob(path, `${glob}/**`));
  return [...filesUnder('src/web'), ...filesUnder('src/shared')].filter(
    (path) => /\.tsx?$/.test(path) && !path.includes('.test.') && !isExcluded(path),
  );
}
