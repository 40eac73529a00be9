import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_READY_RENDER, withoutFormReadyRender } from './form-ready-without-render.ts';

const installed = readFileSync(
  createRequire(import.meta.url)
    .resolve('react-hook-form')
    .replace(/index\.cjs\.js$/, 'index.esm.mjs'),
  'utf8',
);

describe('react-hook-form without the render that marks a form ready', () => {
  it('finds the statement once in the installed library, and takes it out', () => {
    expect(installed.match(new RegExp(FORM_READY_RENDER, 'g'))).toHaveLength(1);
    const patched = withoutFormReadyRender(installed);
    expect(FORM_READY_RENDER.test(patched)).toBe(false);
    // The flag is still set and announced to the subscribers that read it.
    expect(patched).toContain('control._formState.isReady = true;');
    expect(patched).toContain('control._subjects.state.next({ isReady: true });');
  });

  it('fails the build when the library no longer reads as expected', () => {
    expect(() => withoutFormReadyRender('updateFormState((data) => data);')).toThrow(
      /no longer marks a form ready/,
    );
  });
});

describe('the dev server', () => {
  it('serves react-hook-form as its own module, without the render, as the build does', async () => {
    const { createServer } = await import('vite');
    const server = await createServer({
      configFile: resolve(import.meta.dirname, '../../vite.config.ts'),
      logLevel: 'silent',
      server: { middlewareMode: true, ws: false },
    });
    try {
      const form = await server.transformRequest('/src/web/forms/use-site-form.ts');
      const library = form?.code.match(/from "(\/node_modules\/react-hook-form\/[^"]+)"/)?.[1];
      expect(library).toMatch(/^\/node_modules\/react-hook-form\/dist\/index\.esm\.mjs\?v=/);
      const served = await server.transformRequest(library ?? '');
      expect(served?.code).toContain('control._formState.isReady = true;');
      expect(FORM_READY_RENDER.test(served?.code ?? '')).toBe(false);
    } finally {
      await server.close();
    }
  });
});
