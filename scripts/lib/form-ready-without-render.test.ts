import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
