import { type ResolveFnOutput, registerHooks } from 'node:module';

const DRIZZLE_FOLDER = '/node_modules/drizzle-orm/';

/**
 * Node 24 parses a package's whole `exports` map again each time it resolves an import into that package or
 * a file of it, and drizzle-orm's package.json is 175 KB: resolving its ~110 modules and our ~70 imports of
 * it cost ~0.6 s and ~150 MB of garbage at every start. Its files import each other by relative `.js` path
 * only, in a `"type": "module"` package, so those resolve here as plain URLs; our own imports of it resolve
 * once per specifier. Everything else resolves as Node would.
 */
export function resolveDrizzleDirectly(): void {
  const resolvedPackageImports = new Map<string, ResolveFnOutput>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL ?? '';
      const isImport = context.conditions.includes('import');
      if (
        isImport &&
        parent.includes(DRIZZLE_FOLDER) &&
        specifier.startsWith('.') &&
        specifier.endsWith('.js')
      ) {
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
      }
      if (isImport && specifier.startsWith('drizzle-orm') && !parent.includes('/node_modules/')) {
        const key = `${specifier}\0${context.conditions.join()}`;
        let resolved = resolvedPackageImports.get(key);
        if (!resolved) {
          resolved = { ...nextResolve(specifier, context), shortCircuit: true };
          resolvedPackageImports.set(key, resolved);
        }
        return resolved;
      }
      return nextResolve(specifier, context);
    },
  });
}
