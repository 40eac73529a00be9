import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own Content Security Policy, in place of the site's (`ownContentSecurityPolicy`). */
    contentSecurityPolicy?: string;
  }
}

export interface SecurityPolicy {
  /** The security headers of every answer, written by helmet once, at start. */
  headers: Readonly<Record<string, string>>;
}

/**
 * Security headers with a Content Security Policy the site passes: nothing third-party on load, and no inline
 * style or script but each page's own critical CSS and boot module, which its answer allows by their hashes
 * (`allowingInline`, see `page-shell.ts`).
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
  } satisfies HelmetOptions;
  return { headers: headersSetBy(options) };
}

/** helmet's own type for a policy's directives. */
type Directives = NonNullable<
  Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>['directives']
>;

/**
 * Route options giving a route a Content Security Policy of its own (a print page's, which allows its one
 * style element and nothing else), written by helmet once, when the route is declared.
 */
export function ownContentSecurityPolicy(directives: Directives): {
  config: { contentSecurityPolicy: string };
} {
  const { 'content-security-policy': policy } = headersSetBy({
    contentSecurityPolicy: { useDefaults: false, directives },
  });
  if (!policy) throw new Error('helmet wrote no Content-Security-Policy for these directives');
  return { config: { contentSecurityPolicy: policy } };
}

/** The CSP source that allows exactly this inline stylesheet or script. */
export function cspHash(text: string): string {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

/** A page's inline stylesheet and script, each by the CSP source (`sha256-…`) of its hash. */
export interface InlineSources {
  style?: string | undefined;
  script?: string | undefined;
}

/** The policy with a page's inline stylesheet and script allowed too, by their hashes. */
export function allowingInline(policy: string, { style, script }: InlineSources): string {
  let allowed = policy;
  if (style) allowed = allowed.replace(/(^|;)(\s*style-src [^;]*)/, `$1$2 '${style}'`);
  if (script) allowed = allowed.replace(/(^|;)(\s*script-src [^;]*)/, `$1$2 '${script}'`);
  return allowed;
}

/** What helmet writes on a response, collected once by letting it write on a stand-in. */
function headersSetBy(options: HelmetOptions): Record<string, string> {
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

/**
 * Every answer carries the policy's headers (a route's own policy in place of the site's). Set from the values
 * helmet wrote at start: @fastify/helmet would build helmet's middleware again for every request, parsing the
 * policy each time (decision 042).
 */
export function registerSecurityHeaders(app: FastifyInstance, policy: SecurityPolicy): void {
  const { headers } = policy;
  app.addHook('onRequest', (request, reply, done) => {
    const own = request.routeOptions.config.contentSecurityPolicy;
    reply.headers(own === undefined ? headers : { ...headers, 'content-security-policy': own });
    done();
  });
}
