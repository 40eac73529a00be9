import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES } from './page-modules.ts';
import { LAZY_PAGES, lazyPageFor } from './router.tsx';

const root = resolve(import.meta.dirname, '../..');

describe('the page table', () => {
  it.each(LAZY_PAGES)('$path names a real module whose chunk the server can preload', async (page) => {
    const source = PAGE_MODULES[page.path] ?? '';
    expect(existsSync(resolve(root, source))).toBe(true);
    const module = await page.load();
    expect(typeof module.Component).toBe('function');
    // The server's module and `load` must name the same file (Vitest rewrites the import to its root-relative path).
    expect(page.load.toString()).toContain(`"/${source}"`);
  });

  it('has a module for every lazy page and for nothing else', () => {
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(LAZY_PAGES.map((page) => page.path).sort());
  });

  it('finds the lazy page of a path, leaving the home page to the entry', () => {
    expect(lazyPageFor('/')).toBeUndefined();
    expect(lazyPageFor('/events/quiz-night')?.path).toBe('/events/:slug');
    expect(lazyPageFor('/admin/bookings')?.path).toBe('/admin/*');
    expect(lazyPageFor('/no-such-page')?.path).toBe('*');
  });
});
