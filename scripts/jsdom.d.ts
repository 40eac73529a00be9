/** The part of jsdom (which ships no types) that scripts/build-images.ts uses: its window's DOMParser. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: { DOMParser: typeof DOMParser };
  }
}
