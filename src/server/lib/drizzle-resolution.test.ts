import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Imports what the server imports of drizzle-orm in a fresh Node, and lists every module file it loaded. */
function drizzleModulesLoaded(shortcut: boolean): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, nextLoad) { loaded.push(url); return nextLoad(url, context); } });
    if (${shortcut}) (await import('./src/server/lib/drizzle-resolution.ts')).resolveDrizzleDirectly();
    await import('./src/db/schema.ts');
    for (const entry of ['drizzle-orm', 'drizzle-orm/pglite', 'drizzle-orm/pglite/migrator',
      'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator']) await import(entry);
    console.log(JSON.stringify(loaded.filter((url) => url.includes('/node_modules/drizzle-orm/'))));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  return (JSON.parse(String(output)) as string[]).sort();
}

describe('resolving drizzle-orm directly', () => {
  it('loads the very files Node would', () => {
    const asNodeWould = drizzleModulesLoaded(false);
    expect(asNodeWould.length).toBeGreaterThan(100);
    expect(drizzleModulesLoaded(true)).toEqual(asNodeWould);
  });
});
