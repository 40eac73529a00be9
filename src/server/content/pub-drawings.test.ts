import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDrawings } from '../../../scripts/build-images.ts';

const images = join(import.meta.dirname, '../../../content/images');
const read = (path: string) => readFileSync(join(images, path), 'utf8');

/** The drawings of the pub: the hero at dusk, the gallery's by day, the about page's beside the old alehouse. */
const DRAWINGS = [
  { path: 'hero.svg', width: 1600, height: 900 },
  { path: 'gallery/pub-frontage.svg', width: 1200, height: 900 },
  { path: 'about/history.svg', width: 1200, height: 800 },
] as const;

/**
 * The markup of the pub's façade: its walls, roof and windows, then its bays, door, lanterns, baskets, bench
 * and sign, ending with the sign's top rail. The hero's pavement and hedge, drawn in between, are its scene.
 */
function facade(svg: string): string {
  const end = svg.indexOf('\n', svg.indexOf('H690z'));
  return svg
    .slice(svg.indexOf('<!-- chimneys -->'), end)
    .replace(/<!-- light pools -->[\s\S]*?(?=<!-- bays -->)/, '');
}

function definition(svg: string, id: string): string {
  return new RegExp(`<symbol id="${id}".*?</symbol>`, 's').exec(svg)?.[0] ?? '';
}

/** The drawing as lines and shapes: the light of the hour (colours) set aside. */
const shapes = (markup: string) => markup.replace(/#[0-9a-f]{6}\b/gi, '#colour');

describe('the drawings of the pub', () => {
  it('are well-formed XML, as every drawing in content/images must be (the build checks them too)', async () => {
    await expect(checkDrawings(images)).resolves.toBeUndefined();
  });

  it('keep their sizes', () => {
    for (const { path, width, height } of DRAWINGS) {
      expect(read(path)).toMatch(
        new RegExp(`^<svg [^>]*viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"`),
      );
    }
  });

  it('show one building: the same façade, bays, door, sign and chimneys in each', () => {
    const hero = read('hero.svg');
    const heroFacade = facade(hero);
    expect(heroFacade).toContain('<!-- chimneys -->');
    expect(heroFacade).toContain('<!-- sign bracket -->');
    for (const { path } of DRAWINGS.slice(1)) {
      const drawing = read(path);
      expect(shapes(facade(drawing)), path).toBe(shapes(heroFacade));
      for (const symbol of ['sash', 'basket', 'emb']) {
        expect(shapes(definition(drawing, symbol)), `${path} #${symbol}`).toBe(
          shapes(definition(hero, symbol)),
        );
      }
    }
  });
});
