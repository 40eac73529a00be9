import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, publicSources } from '#tests/helpers/public-sources.ts';

/** The site's design, which both stylesheets (the public one and the admin's) are built from. */
const css = readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

interface Rule {
  selector: string;
  body: string;
  /** The at-rules it sits in, outermost first ("@layer base"). */
  within: string[];
}

/** The style rules of the stylesheet, each with the at-rules around it. */
function rules(source: string): Rule[] {
  const found: Rule[] = [];
  const open: { prelude: string; bodyStart: number }[] = [];
  let start = 0;
  for (let at = 0; at < source.length; at++) {
    const char = source[at];
    if (char === '{') {
      open.push({ prelude: source.slice(start, at).trim(), bodyStart: at + 1 });
      start = at + 1;
    } else if (char === '}') {
      const block = open.pop();
      if (block && !block.prelude.startsWith('@')) {
        const within = open.map((outer) => outer.prelude);
        found.push({ selector: block.prelude, body: source.slice(block.bodyStart, at), within });
      }
      start = at + 1;
    } else if (char === ';') {
      start = at + 1;
    }
  }
  return found;
}

function declarations(body: string): Record<string, string> {
  return Object.fromEntries(
    body
      .split(';')
      .map((line) => line.split(':').map((part) => part.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== ''),
  );
}

function themeColour(name: string): string {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!match?.[1]) throw new Error(`No --color-${name} in the theme`);
  return match[1];
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const RING = 'var(--color-focus-ring)';

describe('the focus ring', () => {
  it('is drawn on text inputs, selects and textareas as on buttons, outside every layer so no utility cancels it', () => {
    const all = rules(css);
    const buttons = all.find((rule) => rule.selector === ':focus-visible');
    expect(buttons && declarations(buttons.body)).toMatchObject({ outline: `3px solid ${RING}` });

    const controls = all.filter((rule) => /:focus-visible/.test(rule.selector) && rule.within.length === 0);
    const ring = controls.find((rule) =>
      ['input', 'select', 'textarea'].every((element) => new RegExp(`\\b${element}\\b`).test(rule.selector)),
    );
    expect(ring && declarations(ring.body)).toMatchObject({
      outline: `3px solid ${RING}`,
      'outline-offset': declarations(buttons?.body ?? '')['outline-offset'],
    });
  });

  it('contrasts at least 3:1 with the white, cream and green surfaces it is drawn on', () => {
    const ring = themeColour('focus-ring');
    for (const surface of ['#ffffff', themeColour('cream-50'), themeColour('cream-100')]) {
      expect(contrast(ring, surface)).toBeGreaterThanOrEqual(3);
    }
    for (const surface of [themeColour('green-800'), themeColour('green-900'), themeColour('green-950')]) {
      expect(contrast(ring, surface)).toBeGreaterThanOrEqual(3);
    }
  });

  it('is not cancelled on the fields by their own utility', () => {
    const field = /@utility field-input\s*{([^}]*)}/.exec(css)?.[1] ?? '';
    expect(field).toContain('@apply');
    expect(field).not.toMatch(/focus(-visible)?:outline-(none|hidden)/);
  });
});

describe('the two stylesheets', () => {
  const root = resolve(import.meta.dirname, '../..');
  const read = (path: string) => readFileSync(join(root, path), 'utf8');

  it('build on the same design, the admin’s from every source and loaded with the admin', () => {
    for (const stylesheet of ['src/web/styles.css', 'src/web/admin.css']) {
      expect(read(stylesheet)).toContain('@import "./theme.css";');
    }
    expect(read('src/web/main.tsx')).toContain("import './styles.css';");
    expect(read('src/web/routes/admin.tsx')).toContain("import '../admin.css';");
    expect(read('src/web/admin.css')).not.toMatch(/@source not "\.\/(routes|features)/);
  });

  it('leave the admin’s modules out of the public one, and no public module imports one of them', () => {
    const sources = new Set(publicSources().filter((path) => path.startsWith('src/web/')));
    const adminOnly = filesUnder('src/web').filter(
      (path) => /\.tsx?$/.test(path) && !path.includes('.test.') && !sources.has(path),
    );
    expect(adminOnly).toContain('src/web/routes/admin.tsx');
    expect(adminOnly).toContain('src/web/features/booking/admin/bookings-day-page.tsx');
    const offenders: string[] = [];
    for (const path of sources) {
      for (const [, imported] of read(path).matchAll(/^\s*(?:import|export)[^'"]*from '(\.[^']+)'/gm)) {
        const target = relative(root, resolve(root, path, '..', imported ?? ''));
        if (adminOnly.includes(target)) offenders.push(`${path} imports ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
