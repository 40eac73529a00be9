/**
 * A page's font faces are declared once, in its inline stylesheet: the whole stylesheet, linked at the end of
 * the body, comes as a copy without them. Declared twice, a face starts again when the second declaration
 * arrives, and a font that missed its first 100 ms (`font-display: optional`) would then be drawn, moving
 * every line of a heading first painted in its fallback (decision 041).
 */

/** An @font-face rule of a built stylesheet (its body holds no braces). */
const FONT_FACE_RULE = /@font-face\s*\{[^}]*\}/g;

export function declaresFontFaces(stylesheet: string): boolean {
  return stylesheet.search(FONT_FACE_RULE) !== -1;
}

export function withoutFontFaces(stylesheet: string): string {
  return stylesheet.replace(FONT_FACE_RULE, '');
}

/** The name the build gives a stylesheet's copy without its font faces. */
export function withoutFontFacesFile(file: string): string {
  return file.replace(/\.css$/, '.without-fonts.css');
}
