import { describe, expect, it } from 'vitest';
import { CRITICAL_CSS_BUDGET_BYTES, criticalCss } from './critical-css.ts';

/** A stylesheet shaped like Tailwind's build: layers, a reset, utilities, variants, @property. */
const STYLESHEET = [
  '/*! tailwindcss */',
  '@layer properties{@supports (((-webkit-hyphens:none))){*,:before,:after{--tw-border-style:solid;--tw-ring-offset-width:0px;--tw-shadow:0 0 #0000}}}',
  '@layer theme{:root,:host{--color-brass-300:#e2c88f;--color-unused:#000}}',
  '@layer base{*,:after,:before{box-sizing:border-box}h1,h2{font-size:inherit}table{border-collapse:collapse}',
  '::-webkit-datetime-edit{display:inline-flex}::placeholder{opacity:1}::selection{background:var(--color-brass-300)}',
  ':focus-visible{outline:3px solid}a{color:inherit;-webkit-text-decoration:inherit;-webkit-text-decoration:inherit}}',
  '@layer components;',
  '@layer utilities{.flex{display:flex}.border{border-style:var(--tw-border-style);border-width:1px}',
  '.ring-1{box-shadow:0 0 0 calc(1px + var(--tw-ring-offset-width)) currentcolor}',
  '.mt-4{margin-top:1rem}.card{padding:2rem}.transition-colors{transition-property:color;transition-duration:.15s}',
  ':where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}',
  '@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}',
  '@media (width>=40rem){.sm\\:mt-8{margin-top:2rem}}.\\[\\&_svg\\]\\:size-4 svg{width:1rem}}',
  '@font-face{font-family:Inter;src:url(/assets/inter-core.woff2);unicode-range:U+20-7E}',
  '@font-face{font-family:Inter;src:url(/assets/inter-more.woff2);unicode-range:U+C0-DE}',
  '@font-face{font-family:Inter Arial;src:local(Arial);size-adjust:107%}',
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  '@property --tw-ring-offset-width{syntax:"<length>";inherits:false;initial-value:0}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@keyframes pulse{50%{opacity:.5}}',
].join('');

const of = (markup: string, budget?: number) => criticalCss(STYLESHEET, budget).forMarkup(markup);

describe('critical CSS', () => {
  it('keeps the rules of the classes the markup uses, in the stylesheet’s order and layers', () => {
    const css = of('<div class="mt-4 flex"><p class="sm:mt-8">Hi</p></div>');
    expect(css).toMatch(/^@layer properties,theme,base,components,utilities;/);
    expect(css).toContain('@layer utilities{.flex{display:flex}.mt-4{margin-top:1rem}@media (width>=40rem){');
    expect(css).toContain('.sm\\:mt-8{margin-top:2rem}');
    for (const unused of ['.card', '.border', '.ring-1', 'space-y-2', 'size-4'])
      expect(css).not.toContain(unused);
  });

  it('keeps a rule whose selector needs a class inside :where(), or an element below the class', () => {
    const css = of('<ul class="space-y-2 [&amp;_svg]:size-4"><li><svg></svg></li></ul>');
    expect(css).toContain(':where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}');
    expect(css).toContain('.\\[\\&_svg\\]\\:size-4 svg{width:1rem}');
    expect(of('<ul class="[&amp;_svg]:size-4"><li></li></ul>')).not.toContain('size-4');
  });

  it('leaves out the reset’s rules for elements and form fields the page does not have', () => {
    const plain = of('<h1>Hi</h1>');
    expect(plain).toContain('h1,h2{font-size:inherit}');
    expect(plain).toContain('box-sizing:border-box');
    for (const absent of ['table{', '::placeholder', '::-webkit-datetime-edit'])
      expect(plain).not.toContain(absent);
    expect(of('<input name="n">')).toContain('::placeholder{opacity:1}');
    expect(of('<input name="n">')).not.toContain('::-webkit-datetime-edit');
    expect(of('<input type="date" name="d">')).toContain('::-webkit-datetime-edit{display:inline-flex}');
  });

  it('leaves hover and focus styles and transitions to the whole stylesheet: the first paint has no use for them', () => {
    const css = of('<a class="transition-colors hover:underline" href="/">Hi</a>');
    expect(css).not.toContain('hover');
    expect(css).not.toContain('transition');
    expect(css).not.toContain(':focus-visible');
  });

  it('gives the custom properties it uses their initial values in the lowest layer, and drops the rest', () => {
    const css = of('<div class="border ring-1">x</div>');
    expect(css).toContain(
      '@layer properties{*,:before,:after{--tw-border-style:solid;--tw-ring-offset-width:0px}}',
    );
    expect(css).not.toContain('@property');
    expect(css).not.toContain('--tw-shadow');
    expect(css).toContain('--color-brass-300:#e2c88f');
    expect(css).not.toContain('--color-unused');
    expect(css).not.toContain('@keyframes');
  });

  it('declares every font face, whatever characters the page shows (the linked copy goes without them)', () => {
    for (const markup of ['<p>Cafe</p>', '<p>ÉCOLE</p>', '']) {
      expect(of(markup)).toContain('inter-core');
      expect(of(markup)).toContain('inter-more');
      expect(of(markup)).toContain('font-family:Inter Arial;src:local(Arial);size-adjust:107%');
    }
  });

  it('drops a declaration a rule repeats word for word', () => {
    expect(of('<a href="/">x</a>')).toContain('a{color:inherit;-webkit-text-decoration:inherit}');
  });

  it('takes the rules of an element fixed to the screen first, wherever it stands in the markup', () => {
    const utilities = Array.from({ length: 400 }, (_, at) => `.u${at}{margin-top:${at}px;padding:${at}px}`);
    const stylesheet = `@layer utilities{.fixed{position:fixed}${utilities.join('')}}`;
    const markup = `${utilities.map((_, at) => `<p class="u${at}">x</p>`).join('')}<p class="fixed u399">Note</p>`;
    const css = criticalCss(stylesheet, 2000).forMarkup(markup);
    expect(css).toContain('.fixed{position:fixed}');
    expect(css).toContain('.u399{');
    expect(css).toContain('.u0{');
  });

  it('counts what it writes: the theme’s custom properties no rule uses leave their room to rules', () => {
    const unused = Array.from({ length: 100 }, (_, at) => `--color-unused-${at}:#123456`).join(';');
    const utilities = Array.from({ length: 400 }, (_, at) => `.u${at}{margin-top:${at}px;padding:${at}px}`);
    const stylesheet = `@layer theme{:root{${unused}}}@layer utilities{${utilities.join('')}}`;
    const markup = utilities.map((_, at) => `<p class="u${at}">x</p>`).join('');
    const css = criticalCss(stylesheet, 2000).forMarkup(markup);
    expect(Buffer.byteLength(css)).toBeLessThanOrEqual(2000);
    expect(Buffer.byteLength(css)).toBeGreaterThan(1900);
    expect(css).not.toContain('--color-unused');
    expect(css).toContain('.u40{');
  });

  it('takes classes in document order until the budget is spent, and never goes over it', () => {
    const utilities = Array.from({ length: 400 }, (_, at) => `.u${at}{margin-top:${at}px;padding:${at}px}`);
    const stylesheet = `@layer utilities{${utilities.join('')}}`;
    const markup = utilities.map((_, at) => `<p class="u${at}">x</p>`).join('');
    const css = criticalCss(stylesheet, 2000).forMarkup(markup);
    expect(css.length).toBeLessThanOrEqual(2000);
    expect(css).toContain('.u0{');
    expect(css).toContain('.u20{');
    expect(css).not.toContain('.u399{');
    const kept = [...css.matchAll(/\.u(\d+)\{/g)].map((match) => Number(match[1]));
    expect(kept).toEqual(kept.map((_, at) => at));
    expect(CRITICAL_CSS_BUDGET_BYTES).toBeLessThanOrEqual(14_000);
  });
});
