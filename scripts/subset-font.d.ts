/** The part of subset-font (which ships no types) that scripts/font-subsets.ts uses. */
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    keepFeatures?: string[];
    keepAllGlyphs?: boolean;
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(
    font: Uint8Array,
    text: string | undefined,
    options?: SubsetOptions,
  ): Promise<Buffer>;
}
