import type { Plugin } from 'vite';
import {
  declaresFontFaces,
  withoutFontFaces,
  withoutFontFacesFile,
} from '../../src/server/content/font-faces.ts';

/**
 * Writes beside each built stylesheet that declares font faces a copy without them: the one a server-rendered
 * page links at the end of its body, its font faces being inline (`font-faces.ts`, decision 041).
 */
export function stylesheetsWithoutFonts(): Plugin {
  return {
    name: 'stylesheets-without-fonts',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset' || !output.fileName.endsWith('.css')) continue;
        const stylesheet = String(output.source);
        if (!declaresFontFaces(stylesheet)) continue;
        this.emitFile({
          type: 'asset',
          fileName: withoutFontFacesFile(output.fileName),
          source: withoutFontFaces(stylesheet),
        });
      }
    },
  };
}
