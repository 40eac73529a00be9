import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { endpointRole } from '#shared/staff/access.ts';
import { roleAllows, type StaffRole } from '#shared/staff/roles.ts';
import { isTwoStepSetupEndpoint } from '#shared/staff/two-step.ts';
import type { AppConfig } from '../env.ts';
import { errorBody } from '../http/error-mapper.ts';
import { forbidden, noAccess, unauthorized } from '../lib/errors.ts';
import type { Admin } from './admins.ts';
import { resolveSession, SESSION_ABSOLUTE_MS } from './sessions.ts';
import { mustTurnOnTwoStep, turnOnTwoStepToContinue } from './two-step.ts';

export interface AdminRoute {
  method: string;
  url: string;
  /** The least role that may use it (shared/staff/access.ts). */
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin on routes behind the admin guard. */
    admin: Admin | null;
  }
  interface FastifyInstance {
    /** Every route behind the admin guard (the guard test walks them all). */
    adminRoutes: AdminRoute[];
  }
}

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `__Host-` binds the cookie to this exact origin over HTTPS; plain HTTP (development) cannot carry it. */
export function sessionCookieName(config: AppConfig): string {
  return config.isProduction ? '__Host-rc_admin' : 'rc_admin';
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  const { config } = reply.server;
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: '/',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  const { config } = reply.server;
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: '/',
  });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request.server.config)] || undefined;
}

/**
 * CSRF defence beside the SameSite=Strict cookie: a state-changing request that a browser marks as coming
 * from another site, or whose Origin is neither the public address nor the address it was sent to, is refused.
 */
export async function rejectCrossSite(request: FastifyRequest): Promise<void> {
  if (!STATE_CHANGING_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const allowed = [new URL(request.server.config.publicUrl).origin, `${request.protocol}://${request.host}`];
  if (
    request.headers['sec-fetch-site'] === 'cross-site' ||
    (origin !== undefined && !allowed.includes(origin))
  ) {
    throw forbidden();
  }
}

/** A HEAD request is the GET route's, and needs the GET's role. */
function routeRole(method: string, url: string): StaffRole | undefined {
  return endpointRole(method === 'HEAD' ? 'GET' : method, url);
}

/** The one guard of the admin API: no valid session, no entry; a role that does not reach, 403. */
async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = sessionToken(request);
  const admin = token ? await resolveSession(request.server.db, token, request.server.clock()) : null;
  if (!admin) {
    if (token) clearSessionCookie(reply);
    throw unauthorized();
  }
  request.admin = admin;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const url = request.routeOptions.url ?? '';
  const needed = routeRole(method, url);
  if (!needed || !roleAllows(admin.role, needed)) throw noAccess();
  if (!isTwoStepSetupEndpoint(`${method} ${url}`) && (await mustTurnOnTwoStep(request.server.db, admin))) {
    throw turnOnTwoStepToContinue();
  }
}

/** The admin set by the guard; a handler behind it can rely on one being there. */
export function signedInAdmin(request: FastifyRequest): Admin {
  if (!request.admin) throw new Error('An admin route ran without the admin guard');
  return request.admin;
}

export async function registerAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('admin', null);
  app.decorate('adminRoutes', []);
}

/**
 * The admin API: every route the given plugins register sits behind the session guard, the role check and
 * the CSRF check, has the guard's answers (401 and 403) added to its response schemas, and is listed in
 * `app.adminRoutes`. A route without a role in shared/staff/access.ts is refused as it is added.
 */
export function adminApi(plugins: readonly FastifyPluginAsync[]): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const role = routeRole(method, route.url);
        if (!role) throw new Error(`${method} ${route.url} has no role in shared/staff/access.ts`);
        scope.adminRoutes.push({ method, url: route.url, role });
      }
      if (route.schema?.response) {
        route.schema.response = { 401: errorBody, 403: errorBody, ...route.schema.response };
      }
    });
    scope.addHook('onRequest', requireAdmin);
    scope.addHook('onRequest', rejectCrossSite);
    for (const plugin of plugins) await scope.register(plugin);
  };
}
