/**
 * The part of jsdom (which ships no types) that the project uses: a window's DOMParser (scripts/build-images.ts),
 * and a document whose window runs a script given to it (the e-mails' axe scan, server/mail/accessibility.test.ts).
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { runScripts?: 'outside-only' });
    readonly window: Window & typeof globalThis;
  }
}
