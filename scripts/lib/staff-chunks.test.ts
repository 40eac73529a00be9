import { describe, expect, it } from 'vitest';
import {
  type Manifest,
  STAFF_SCREEN_BUDGET_KB,
  staffScreenChunks,
  staffScreensOverBudget,
} from './staff-chunks.ts';

/** A build as Vite writes its manifest: the entry, the admin shell, and three screens it loads lazily. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_shared.js'], isEntry: true },
  '_shared.js': { file: 'assets/shared.js' },
  'src/web/routes/admin.tsx': {
    file: 'assets/admin.js',
    imports: ['index.html', '_shared.js', '_session.js'],
    dynamicImports: [
      'src/web/features/staff/login-page.tsx',
      'src/web/features/content/admin/content-pages.tsx',
      'src/web/features/content/admin/gallery-manager.tsx',
    ],
  },
  '_session.js': { file: 'assets/session.js' },
  'src/web/features/staff/login-page.tsx': {
    file: 'assets/login-page.js',
    imports: ['index.html', 'src/web/routes/admin.tsx', '_session.js'],
  },
  'src/web/features/content/admin/content-pages.tsx': {
    file: 'assets/content-pages.js',
    imports: ['src/web/routes/admin.tsx', '_editor-shell.js', '_menu-editor.js'],
  },
  'src/web/features/content/admin/gallery-manager.tsx': {
    file: 'assets/gallery-manager.js',
    imports: ['src/web/routes/admin.tsx', '_editor-shell.js'],
  },
  '_editor-shell.js': { file: 'assets/editor-shell.js', imports: ['_shared.js', '_dialog.js'] },
  '_dialog.js': { file: 'assets/dialog.js' },
  '_menu-editor.js': { file: 'assets/menu-editor.js', imports: ['_editor-shell.js'] },
};

const SIZES_KB: Record<string, number> = {
  'assets/index.js': 70,
  'assets/shared.js': 18,
  'assets/admin.js': 12,
  'assets/session.js': 3,
  'assets/login-page.js': 1.5,
  'assets/content-pages.js': 20,
  'assets/gallery-manager.js': 6,
  'assets/editor-shell.js': 9,
  'assets/dialog.js': 1,
  'assets/menu-editor.js': 14,
};

const sizeOf = (file: string) => SIZES_KB[file] ?? Number.NaN;

describe('the staff screens’ own chunks', () => {
  it('counts each screen’s chunk and its imports, less what the entry and the admin shell load', () => {
    const screens = staffScreenChunks(MANIFEST, sizeOf);
    expect(screens).toEqual([
      { screen: 'src/web/features/staff/login-page.tsx', files: ['assets/login-page.js'], kb: 1.5 },
      {
        screen: 'src/web/features/content/admin/content-pages.tsx',
        files: [
          'assets/content-pages.js',
          'assets/editor-shell.js',
          'assets/dialog.js',
          'assets/menu-editor.js',
        ],
        kb: 44,
      },
      {
        screen: 'src/web/features/content/admin/gallery-manager.tsx',
        files: ['assets/gallery-manager.js', 'assets/editor-shell.js', 'assets/dialog.js'],
        kb: 16,
      },
    ]);
    expect(staffScreensOverBudget(screens)).toEqual([]);
  });

  it(`fails a screen over ${STAFF_SCREEN_BUDGET_KB} KB gzip, naming its files`, () => {
    const screens = staffScreenChunks(MANIFEST, (file) =>
      file === 'assets/menu-editor.js' ? 16 : sizeOf(file),
    );
    expect(staffScreensOverBudget(screens)).toEqual([
      'src/web/features/content/admin/content-pages.tsx: 46.0 KB gzip of its own (budget 45): ' +
        'assets/content-pages.js, assets/editor-shell.js, assets/dialog.js, assets/menu-editor.js',
    ]);
  });

  it('refuses a manifest without the admin shell', () => {
    const { 'src/web/routes/admin.tsx': _shell, ...withoutShell } = MANIFEST;
    expect(() => staffScreenChunks(withoutShell, sizeOf)).toThrow('run the build');
  });
});
