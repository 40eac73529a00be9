import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { stylesheetsWithoutFonts } from './stylesheets-without-fonts.ts';

describe('the build’s stylesheets without their font faces', () => {
  it('writes a copy without @font-face beside each stylesheet that declares one, and none for the rest', () => {
    const emitted: { fileName?: string; source?: unknown }[] = [];
    const bundle = {
      'assets/index-abc.css': {
        type: 'asset',
        fileName: 'assets/index-abc.css',
        source: '@font-face{font-family:Inter;src:url(/assets/inter.woff2)}.flex{display:flex}',
      },
      'assets/plain-def.css': {
        type: 'asset',
        fileName: 'assets/plain-def.css',
        source: '.grid{display:grid}',
      },
      'assets/index-abc.js': { type: 'chunk', fileName: 'assets/index-abc.js' },
    } as unknown as Rollup.OutputBundle;
    const plugin = stylesheetsWithoutFonts();
    const generateBundle = plugin.generateBundle as (
      this: Pick<Rollup.PluginContext, 'emitFile'>,
      options: unknown,
      bundle: Rollup.OutputBundle,
    ) => void;
    generateBundle.call(
      {
        emitFile: (file) => {
          emitted.push(file as { fileName?: string; source?: unknown });
          return '';
        },
      },
      {},
      bundle,
    );
    expect(emitted).toEqual([
      { type: 'asset', fileName: 'assets/index-abc.without-fonts.css', source: '.flex{display:flex}' },
    ]);
  });
});
