import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with a Content Security Policy the site passes: no inline script, nothing third-party
 * on load. The only inline style allowed is the site's own stylesheet, by hash (see `page-shell.ts`).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { inlineStyleHashes }: { inlineStyleHashes: string[] },
): Promise<void> {
  const production = app.config.isProduction;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...inlineStyleHashes.map((hash) => `'${hash}'`)],
        // Staff may give an event a cover image hosted elsewhere (an https address).
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The contact page's map is an OpenStreetMap embed, loaded only when it scrolls into view.
        frameSrc: ['https://www.openstreetmap.org'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
