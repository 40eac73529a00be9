import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { PUBLIC_REVALIDATE } from './cache-control.ts';
import { securityPolicy } from './security.ts';

// Only the routes matter here: PGlite is enough.

/** Set so the test can look for them in the document, which must not carry any. */
const SECRETS = {
  ADMIN_EMAIL: 'owner@pub.test',
  ADMIN_PASSWORD: 'correct-horse-battery-staple',
  STRIPE_SECRET_KEY: 'sk_test_openapiMustNotShowThis',
  STRIPE_WEBHOOK_SECRET: 'whsec_openapiMustNotShowThis',
  SMTP_URL: 'smtp://mailer:smtp-password-openapi@127.0.0.1:2525',
};

interface Operation {
  parameters?: { in: string; name: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required: boolean; content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
}

interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
}

/** The registered route, `GET /api/events/:slug`, as the document names it: `GET /api/events/{slug}`. */
function documentKey(method: string, url: string): string {
  return `${method} ${url.replaceAll(/:([A-Za-z]+)/g, '{$1}')}`;
}

function operationsOf(document: Document): Map<string, Operation> {
  return new Map(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation]),
    ),
  );
}

/** The fields a request may send: for a transformed object, those of the object it starts from. */
function fieldNames(schema: unknown): string[] {
  const sent = schema instanceof z.ZodPipe ? schema.in : schema;
  expect(sent).toBeInstanceOf(z.ZodObject);
  return Object.keys((sent as z.ZodObject).shape).sort();
}

/** The fields of each shape a body may take: one for an object, one per alternative for a union of objects. */
function bodyFieldNames(schema: unknown): string[][] {
  return schema instanceof z.ZodUnion ? schema.options.map(fieldNames) : [fieldNames(schema)];
}

interface JsonObjectSchema {
  properties?: Record<string, unknown>;
  anyOf?: JsonObjectSchema[];
}

function parameterNames(operation: Operation, location: string): string[] {
  return (operation.parameters ?? [])
    .filter((parameter) => parameter.in === location)
    .map((parameter) => parameter.name)
    .sort();
}

describe('GET /api/openapi.json', () => {
  const routes = new Map<string, RouteOptions>();
  let t: TestApp;
  let document: Document;
  let operations: Map<string, Operation>;

  beforeAll(async () => {
    t = await startTestApp(pglite, new Date(), {
      env: SECRETS,
      onRoute: (route) => {
        // A HEAD route is Fastify's copy of a GET route.
        if (route.url.startsWith('/api/') && route.method !== 'HEAD') {
          routes.set(documentKey(route.method as string, route.url), route);
        }
      },
    });
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = operationsOf(document);
  });
  afterAll(() => t.close());

  it('answers JSON with every answer’s security headers, for any cache to keep and ask again', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['cache-control']).toBe(PUBLIC_REVALIDATE);
    expect(reply.headers).toMatchObject(securityPolicy({ production: false }).headers);

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': String(reply.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is an OpenAPI 3.1 document named and versioned as the package, served from the public address', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: packageJson.name, version: packageJson.version });
    expect(document.servers).toEqual([{ url: 'https://pub.test' }]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
  });

  it('has no reference it does not hold', () => {
    const text = JSON.stringify(document);
    const references = [...text.matchAll(/"\$ref":"#\/([^"]*)"/g)].map((match) => match[1] as string);
    const unresolved = references.filter((pointer) => {
      let target: unknown = document;
      for (const part of pointer.split('/')) target = (target as Record<string, unknown> | undefined)?.[part];
      return target === undefined;
    });
    expect(unresolved).toEqual([]);
    expect(text.match(/"\$ref"/g)?.length ?? 0).toBe(references.length);
  });

  it('lists exactly the registered API routes, by method and path', () => {
    expect([...operations.keys()].sort()).toEqual([...routes.keys()].sort());
  });

  it('gives each route the parameters its params, querystring and headers schemas name', () => {
    for (const [key, route] of routes) {
      const operation = operations.get(key) as Operation;
      const { params, querystring, headers } = route.schema ?? {};
      expect(parameterNames(operation, 'path'), key).toEqual(params ? fieldNames(params) : []);
      expect(parameterNames(operation, 'query'), key).toEqual(querystring ? fieldNames(querystring) : []);
      expect(parameterNames(operation, 'header'), key).toEqual(headers ? fieldNames(headers) : []);
      for (const parameter of operation.parameters ?? []) {
        expect(parameter.schema, `${key} ${parameter.name}`).toEqual(expect.any(Object));
        if (parameter.in === 'path') expect(parameter.required).toBe(true);
      }
    }
  });

  it('gives each route with a JSON body schema that body, field by field', () => {
    const withBody = [...routes].filter(([, route]) => route.schema?.body);
    expect(withBody.length).toBeGreaterThan(20);
    for (const [key, route] of withBody) {
      const content = operations.get(key)?.requestBody?.content ?? {};
      const mediaType = key === 'POST /api/admin/images' ? 'multipart/form-data' : 'application/json';
      expect(Object.keys(content), key).toEqual([mediaType]);
      const schema = content[mediaType]?.schema as JsonObjectSchema | undefined;
      const alternatives = schema?.anyOf ?? [schema];
      expect(
        alternatives.map((alternative) => Object.keys(alternative?.properties ?? {}).sort()),
        key,
      ).toEqual(bodyFieldNames(route.schema?.body));
    }
    const withoutBody = [...routes].filter(([, route]) => !route.schema?.body).map(([key]) => key);
    const describedAnyway = withoutBody.filter((key) => operations.get(key)?.requestBody);
    expect(describedAnyway).toEqual(['POST /api/stripe/webhook']);
  });

  it('answers each status the route declares, with its JSON schema; files by their media type', () => {
    for (const [key, route] of routes) {
      const declared = (route.schema?.response ?? {}) as Record<string, z.ZodType>;
      const { responses } = operations.get(key) as Operation;
      const hasSuccess = Object.keys(declared).some((status) => status.startsWith('2'));
      const statuses = hasSuccess ? Object.keys(declared) : ['200', ...Object.keys(declared)];
      expect(Object.keys(responses).sort(), key).toEqual(statuses.sort());
      for (const [status, schema] of Object.entries(declared)) {
        const content = responses[status]?.content;
        if (schema instanceof z.ZodUndefined) expect(content, `${key} ${status}`).toBeUndefined();
        else expect(content?.['application/json']?.schema, `${key} ${status}`).toEqual(expect.any(Object));
      }
      if (!hasSuccess) expect(Object.keys(responses['200']?.content ?? {}), key).toHaveLength(1);
    }
    expect(Object.keys(operations.get('GET /api/bookings.csv')?.responses['200']?.content ?? {})).toEqual([
      'text/csv',
    ]);
  });

  it('writes which parameters are required', () => {
    const availability = operations.get('GET /api/availability') as Operation;
    expect(
      availability.parameters?.map(({ in: location, name, required }) => ({ location, name, required })),
    ).toEqual([
      { location: 'query', name: 'date', required: true },
      { location: 'query', name: 'party', required: false },
      { location: 'query', name: 'event', required: false },
    ]);
  });

  it('writes a staff route’s body with its real fields, and its answer', () => {
    const closing = operations.get('POST /api/closures') as Operation;
    const body = closing.requestBody?.content['application/json']?.schema;
    expect(body).toMatchObject({
      type: 'object',
      required: ['date', 'service'],
      properties: { service: { enum: ['lunch', 'dinner'] } },
    });
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual([
      'cancelBookings',
      'date',
      'reason',
      'service',
    ]);
    expect(closing.responses['201']?.content?.['application/json']?.schema).toMatchObject({
      properties: { closure: { required: ['_id', 'date', 'service', 'reason'] } },
    });
  });

  it('marks exactly the routes behind the admin guard as needing the staff session cookie', () => {
    expect(document.components.securitySchemes).toEqual({
      staffSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'rc_admin' }),
    });
    const staffKeys = new Set(t.app.adminRoutes.map((route) => documentKey(route.method, route.url)));
    expect(staffKeys.size).toBeGreaterThan(30);
    for (const [key, operation] of operations) {
      expect(operation.security, key).toEqual(staffKeys.has(key) ? [{ staffSession: [] }] : undefined);
    }
  });

  it('carries none of the configured secrets', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    for (const secret of [...Object.values(SECRETS), 'smtp-password-openapi']) {
      expect(text).not.toContain(secret);
    }
  });
});
