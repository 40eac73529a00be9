import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface SecurityPolicy {
  helmet: FastifyHelmetOptions;
  /** The same headers as plain values, for answers written before any route or hook runs. */
  headers: Readonly<Record<string, string>>;
}

/**
 * Security headers with a Content Security Policy the site passes: no inline script, nothing third-party
 * on load. The only inline style allowed is the site's own stylesheet, by hash (see `page-shell.ts`).
 */
export function securityPolicy({
  production,
  inlineStyleHashes,
}: {
  production: boolean;
  inlineStyleHashes: string[];
}): SecurityPolicy {
  const options = {
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
  } satisfies FastifyHelmetOptions;
  return { helmet: options, headers: headersSetBy(options) };
}

/** What helmet writes on a response, collected once by letting it write on a stand-in. */
function headersSetBy(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, policy: SecurityPolicy): Promise<void> {
  await app.register(fastifyHelmet, policy.helmet);
}
