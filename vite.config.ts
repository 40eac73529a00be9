import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { fontSubsets } from './scripts/font-subsets.ts';
import { formReadyWithoutRender } from './scripts/lib/form-ready-without-render.ts';
import { precompressAssets } from './scripts/lib/precompress.ts';
import { stylesheetsWithoutFonts } from './scripts/lib/stylesheets-without-fonts.ts';
import { CONTENT_SCHEMAS } from './src/shared/content/documents.ts';
import { fallbackEventsSchema } from './src/shared/content/schemas.ts';
import { fieldIssues } from './src/shared/schema/issues.ts';

/** The seeds of the content documents, and the events the home page falls back on (bundled). */
const CONTENT_FILES = {
  ...Object.fromEntries(Object.entries(CONTENT_SCHEMAS).map(([key, schema]) => [`${key}.json`, schema])),
  'events.json': fallbackEventsSchema,
};

/** A broken content file fails the build, naming the file and the field. */
function validateContent(): Plugin {
  return {
    name: 'validate-content',
    buildStart() {
      const problems: string[] = [];
      for (const [file, schema] of Object.entries(CONTENT_FILES)) {
        const path = `content/${file}`;
        this.addWatchFile(path);
        let data: unknown;
        try {
          data = JSON.parse(readFileSync(path, 'utf8'));
        } catch (error) {
          problems.push(`${path}: ${(error as Error).message}`);
          continue;
        }
        const result = schema.safeParse(data);
        if (!result.success) {
          for (const issue of fieldIssues(result.error)) {
            problems.push(`${path}: ${issue.path || '(root)'}: ${issue.message}`);
          }
        }
      }
      if (problems.length > 0) this.error(`Invalid content:\n${problems.join('\n')}`);
    },
  };
}

/**
 * The built index.html's own script tags serve only a page the browser renders itself (no SSR build, or a
 * render that failed; a server-rendered page names the boot module instead, decision 024): even then they
 * are fetched at low priority, after the hero image and the fonts, and never count as render-blocking.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<script type="module"|<link rel="modulepreload"/g,
          (tag) => `${tag} fetchpriority="low"`,
        ),
    },
  };
}

export default defineConfig({
  plugins: [
    validateContent(),
    fontSubsets(),
    formReadyWithoutRender(),
    react(),
    tailwindcss(),
    lowPriorityScripts(),
    stylesheetsWithoutFonts(),
    precompressAssets(),
  ],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    // Every browser the site supports preloads modules itself; one without it only loads them a little later.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The page's one script tag names the boot module, which loads the app once the page has painted.
      input: { index: 'index.html', boot: 'src/web/boot.ts' },
      output: {
        // The small modules every page's first script shares with later chunks travel as one file rather
        // than one each: each file costs its own wrapper and compresses on its own (0.4 KB in all).
        codeSplitting: {
          groups: [
            {
              name: 'entry-shared',
              test: /react\/jsx-runtime|react-router|hooks\/use-(async|hydrated)|content\/(use-content|site-content)|features\/content\/api|time\/london-time|privacy\/privacy-path|shared\/money\/money\./,
            },
            // One way to write a form (decision 028): the library, the guest forms' connected fields, the fields
            // themselves and what stands beside them (the privacy link, the consent box, the fieldset that waits for
            // the app), fetched once; the staff screens' row list, schema check and payment question stay with the
            // staff screens, every one of which also writes its forms this way.
            {
              name: 'forms',
              test: /node_modules\/react-hook-form|src\/web\/forms\/(?!row-list|schema-resolver|staff-payment-field)|components\/(form-fields|ready-fieldset)|features\/privacy\/privacy-fields/,
            },
            // The small parts the guest's pages share (the hero, the words of their own pages and of enquiries, the
            // booking links): one file on a phone's slow network rather than one each, each a round trip of its own
            // (decision 054). Nothing here imports beyond the entry, so a page without a form fetches no form.
            {
              name: 'guest-parts',
              test: /components\/page-hero\.|src\/shared\/booking\/(book-link|utm-source|online-limit)\.|src\/shared\/standby\/offer-words\.|src\/shared\/(manage\/messages|enquiries\/(status|messages))\./,
            },
            // What the booking form shares with the guest's own booking page and the staff's booking fields: the
            // booking calls, the times, the notes, the words; one file rather than five on a phone's slow network.
            {
              name: 'booking-fields',
              test: /src\/web\/features\/booking\/(api|booking-request|booking-notes-fields|time-select|use-availability)\./,
            },
            // A deposit's terms as the guest reads them on the booking form and on their own page: one file on
            // the booking page's path to taking input rather than six (decision 029).
            {
              name: 'deposit-terms',
              test: /src\/shared\/deposits\/(rules|terms)\.|src\/web\/features\/deposits\/(use-deposit-terms|terms-box|return-link|guest-words)\./,
            },
            // A dish's allergens, as the menus and the Christmas courses show them.
            { name: 'allergens', test: /src\/shared\/content\/allergens\.|components\/allergen-line\./ },
            // An occasion's rules and words, which its page, the party's own pages and the staff screens share.
            {
              name: 'occasion-rules',
              test: /src\/shared\/occasions\/(rules|messages|booking-rules|choices|pre-order-messages)\./,
            },
            // Christmas Day's sittings, which the content editor names too.
            { name: 'christmas-sittings', test: /src\/shared\/christmas\/(ids|sittings)\./ },
            // Christmas Day's rules and words, which the guest's order, their own page and the staff screens share,
            // with the guest's order itself (its calls, the course choices and the notes): one file on the Christmas
            // page's path to taking input rather than two.
            {
              name: 'christmas-order',
              test: /src\/shared\/christmas\/(amounts|courses|deposit|messages|validation)\.|src\/web\/features\/christmas\/(use-season|api|christmas-notes-fields|course-picker)\./,
            },
            // The staff booking calls and fields the day view, its drawer and the floor view share: one file.
            {
              name: 'staff-booking',
              test: /src\/web\/features\/booking\/admin\/(api|booking-change-messages|staff-booking-fields)\./,
            },
          ],
        },
      },
    },
  },
  // react-hook-form is served as its own module rather than pre-bundled, so the dev server also drops the
  // render that marks a form ready (decision 053), as the build and the test suites do.
  optimizeDeps: { exclude: ['react-hook-form'] },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/images': 'http://localhost:3000',
      '/favicon.svg': 'http://localhost:3000',
    },
  },
});
