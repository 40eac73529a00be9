import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAFF_SCREENS, staffScreenFor } from './routes/admin.tsx';
import { STAFF_SCREEN_MODULES, staffScreenModuleFor } from './staff-screen-modules.ts';

const root = resolve(import.meta.dirname, '../..');

describe('the staff screens', () => {
  it.each(STAFF_SCREENS)(
    '/admin/$path names a real module whose chunk the server can preload',
    async (screen) => {
      const source = STAFF_SCREEN_MODULES[screen.path] ?? '';
      expect(existsSync(resolve(root, source))).toBe(true);
      expect(typeof (await screen.load())).toBe('function');
      // The server's module and `load` must name the same file (Vitest rewrites the import to its root-relative path).
      expect(screen.load.toString()).toContain(`"/${source}"`);
    },
  );

  it('has a module for every screen and for nothing else', () => {
    expect(Object.keys(STAFF_SCREEN_MODULES).sort()).toEqual(
      STAFF_SCREENS.map((screen) => screen.path).sort(),
    );
  });

  it('finds the screen of a path under /admin', () => {
    expect(staffScreenFor('/admin')?.path).toBe('');
    expect(staffScreenFor('/admin/bookings')?.path).toBe('bookings');
    expect(staffScreenFor('/admin/events/new')?.path).toBe('events/new');
    expect(staffScreenFor('/admin/events/e1')?.path).toBe('events/:id');
    expect(staffScreenFor('/admin/content/gallery')?.path).toBe('content/gallery');
    expect(staffScreenFor('/admin/no-such-screen')).toBeUndefined();
    expect(staffScreenFor('/administrator')).toBeUndefined();
  });

  it('names the module of the screen at a path, for the server to preload', () => {
    expect(staffScreenModuleFor('/admin')).toBe('src/web/features/staff/login-page.tsx');
    expect(staffScreenModuleFor('/admin/bookings')).toBe(
      'src/web/features/booking/admin/bookings-day-page.tsx',
    );
    expect(staffScreenModuleFor('/admin/content/menu')).toBe(
      'src/web/features/content/admin/content-pages.tsx',
    );
    expect(staffScreenModuleFor('/admin/no-such-screen')).toBeUndefined();
    expect(staffScreenModuleFor('/menu')).toBeUndefined();
  });
});
