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
 * on load. No inline style either, but for each page's own critical CSS, which its answer allows by hash
 * (`allowingInlineStyle`, see `page-shell.ts`).
 */
export function securityPolicy({ production }: { production: boolean }): SecurityPolicy {
  const options = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
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

/** The policy with one inline stylesheet allowed too, by its hash (`sha256-…`). */
export function allowingInlineStyle(policy: string, hash: string): string {
  return policy.replace(/(^|;)(\s*style-src [^;]*)/, `$1$2 '${hash}'`);
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
