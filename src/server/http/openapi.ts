import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { sessionCookieName } from '../staff/guard.ts';
import { PUBLIC_REVALIDATE } from './cache-control.ts';

const OPENAPI_PATH = '/api/openapi.json';
/** 3.1: its schemas are JSON Schema 2020-12, zod's own dialect, so nothing is lost in the conversion. */
const OPENAPI_VERSION = '3.1.0';
const STAFF_SESSION = 'staffSession';

const API_DESCRIPTION =
  'The booking system’s HTTP API, generated from the zod schemas each route validates its requests and ' +
  'shapes its answers with. Every error answer has an `error` text.';
const STAFF_SESSION_DESCRIPTION =
  'The session cookie set by POST /api/auth/login. A request that changes something must also come from ' +
  'this site (its Origin or Sec-Fetch-Site); an account that must turn on two-step sign-in is refused until ' +
  'it does.';

type JsonSchema = Record<string, unknown>;

interface MediaTypeObject {
  schema?: JsonSchema;
}

interface RequestBodyObject {
  description?: string;
  required: boolean;
  content: Record<string, MediaTypeObject>;
}

interface ParameterObject {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
}

interface OperationObject {
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
  'x-staff-role'?: string;
}

interface OpenapiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  components: {
    securitySchemes: Record<string, { type: 'apiKey'; in: 'cookie'; name: string; description: string }>;
  };
  paths: Record<string, Record<string, OperationObject>>;
}

/** What a route's zod schemas cannot say: a body that is not JSON or is read raw, an answer that is a file. */
interface BeyondTheSchemas {
  body?: { mediaType: string; description: string };
  /** The media type of the success (200), whose body no JSON schema shapes. */
  fileAnswer?: string;
}

const BEYOND_THE_SCHEMAS: Record<string, BeyondTheSchemas> = {
  'POST /api/admin/images': {
    body: { mediaType: 'multipart/form-data', description: 'The photo is the `file` part.' },
  },
  'POST /api/stripe/webhook': {
    body: {
      mediaType: 'application/json',
      description:
        'A Stripe event, exactly as Stripe sent it: its Stripe-Signature header covers these bytes.',
    },
  },
  'GET /api/bookings.csv': { fileAnswer: 'text/csv' },
  'GET /api/christmas/orders.csv': { fileAnswer: 'text/csv' },
  'GET /api/christmas/orders-summary.csv': { fileAnswer: 'text/csv' },
  'GET /api/admin/marketing/consents.csv': { fileAnswer: 'text/csv' },
  'GET /api/bookings/manage/:token/calendar.ics': { fileAnswer: 'text/calendar' },
  'GET /api/christmas/manage/:token/calendar.ics': { fileAnswer: 'text/calendar' },
  'GET /api/christmas/print/summary': { fileAnswer: 'text/html' },
  'GET /api/christmas/print/orders': { fileAnswer: 'text/html' },
  'GET /api/christmas/print/booking/:id': { fileAnswer: 'text/html' },
  'GET /api/admin/tables/cards': { fileAnswer: 'text/html' },
  'GET /api/admin/occasions/:slug/bookings.csv': { fileAnswer: 'text/csv' },
  'GET /api/admin/reports/:table.csv': { fileAnswer: 'text/csv' },
  'GET /api/admin/occasions/:slug/sheets': { fileAnswer: 'text/html' },
};

/** The route's schemas as JSON Schema: requests as they may be sent, answers as they are sent. */
interface RouteJsonSchemas {
  params?: JsonSchema;
  querystring?: JsonSchema;
  headers?: JsonSchema;
  body?: JsonSchema;
  response?: Record<string, JsonSchema>;
}

function jsonSchemasOf(route: RouteOptions): RouteJsonSchemas {
  const { schema } = jsonSchemaTransform({
    schema: route.schema ?? {},
    url: route.url,
    route,
    openapiObject: { openapi: OPENAPI_VERSION },
  });
  return schema as RouteJsonSchemas;
}

/** `/api/events/:id` as OpenAPI writes it: `/api/events/{id}`. */
function openapiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function parametersOf(
  location: ParameterObject['in'],
  objectSchema: JsonSchema | undefined,
): ParameterObject[] {
  const properties = (objectSchema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((objectSchema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    in: location,
    name,
    required: location === 'path' || required.has(name),
    schema,
  }));
}

function statusText(status: string): string {
  return STATUS_CODES[Number(status)] ?? status;
}

function responsesOf(route: RouteOptions, jsonSchemas: RouteJsonSchemas, beyond: BeyondTheSchemas) {
  const zodResponses = (route.schema?.response ?? {}) as Record<string, z.ZodType>;
  const responses: Record<string, ResponseObject> = {};
  if (beyond.fileAnswer) {
    responses['200'] = { description: statusText('200'), content: { [beyond.fileAnswer]: {} } };
  }
  for (const [status, schema] of Object.entries(jsonSchemas.response ?? {})) {
    const description = statusText(status);
    responses[status] =
      zodResponses[status] instanceof z.ZodUndefined
        ? { description }
        : { description, content: { 'application/json': { schema } } };
  }
  return responses;
}

function requestBodyOf(
  route: RouteOptions,
  bodySchema: JsonSchema | undefined,
  beyond: BeyondTheSchemas,
): RequestBodyObject | undefined {
  const zodBody = route.schema?.body as z.ZodType | undefined;
  if (!zodBody && !beyond.body) return undefined;
  return {
    ...(beyond.body ? { description: beyond.body.description } : {}),
    required: zodBody ? !zodBody.safeParse(undefined).success : true,
    content: { [beyond.body?.mediaType ?? 'application/json']: bodySchema ? { schema: bodySchema } : {} },
  };
}

function operationOf(route: RouteOptions, method: string, staffRole: string | undefined): OperationObject {
  const jsonSchemas = jsonSchemasOf(route);
  const beyond = BEYOND_THE_SCHEMAS[`${method} ${route.url}`] ?? {};
  const parameters = [
    ...parametersOf('path', jsonSchemas.params),
    ...parametersOf('query', jsonSchemas.querystring),
    ...parametersOf('header', jsonSchemas.headers),
  ];
  const requestBody = requestBodyOf(route, jsonSchemas.body, beyond);
  return {
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route, jsonSchemas, beyond),
    ...(staffRole ? { security: [{ [STAFF_SESSION]: [] }], 'x-staff-role': staffRole } : {}),
  };
}

function describeApi(app: FastifyInstance, routes: readonly RouteOptions[]): OpenapiDocument {
  const staffRoles = new Map(app.adminRoutes.map((route) => [`${route.method} ${route.url}`, route.role]));
  const paths: OpenapiDocument['paths'] = {};
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      const path = openapiPath(route.url);
      paths[path] ??= {};
      paths[path][method.toLowerCase()] = operationOf(
        route,
        method,
        staffRoles.get(`${method} ${route.url}`),
      );
    }
  }
  return {
    openapi: OPENAPI_VERSION,
    info: { title: packageJson.name, version: packageJson.version, description: API_DESCRIPTION },
    servers: [{ url: app.config.publicUrl }],
    components: {
      securitySchemes: {
        [STAFF_SESSION]: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookieName(app.config),
          description: STAFF_SESSION_DESCRIPTION,
        },
      },
    },
    paths,
  };
}

/** What the route promises about the document; the document itself is written once, as text. */
const openapiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))),
});

/**
 * GET /api/openapi.json: the API's contract, from the schemas of every `/api` route registered after this is
 * called (so call it before any). Written on its first request and kept: `buildApp` runs in every API test,
 * and converting every schema takes about as long again as building the app (decision 027).
 */
export function openapiRoutes(app: FastifyInstance): FastifyPluginAsync {
  const apiRoutes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // A HEAD route is Fastify's copy of a GET route.
    if (route.url.startsWith('/api/') && route.method !== 'HEAD') apiRoutes.push(route);
  });
  let document: string | undefined;
  return async (scope) => {
    scope.get(
      OPENAPI_PATH,
      { schema: { response: { 200: openapiDocumentSchema } } },
      async (_request, reply) => {
        document ??= JSON.stringify(describeApi(app, apiRoutes));
        // Sent as text, so the serializer does not re-encode the whole document on every request.
        return reply.type('application/json').header('cache-control', PUBLIC_REVALIDATE).send(document);
      },
    );
  };
}
