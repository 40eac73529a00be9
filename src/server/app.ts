import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { VARIANTS_PREFIX } from '../shared/responsive-images.ts';
import type { AppConfig } from './env.ts';
import { adminApi, registerAuth } from './plugins/auth.ts';
import { registerMail } from './plugins/mail.ts';
import { registerPayments } from './plugins/payments.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { adminBookingRoutes } from './routes/admin-bookings.ts';
import { adminEventRoutes } from './routes/admin-events.ts';
import { authRoutes, sessionRoutes } from './routes/auth.ts';
import { availabilityRoutes } from './routes/availability.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { christmasRoutes } from './routes/christmas.ts';
import { christmasAdminRoutes } from './routes/christmas-admin.ts';
import { christmasExportRoutes } from './routes/christmas-exports.ts';
import { closureRoutes } from './routes/closures.ts';
import { publicEventRoutes } from './routes/events.ts';
import { healthRoutes } from './routes/health.ts';
import { pageRoutes } from './routes/pages.ts';
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts';
import { inlineStylesheetHashes } from './services/page-shell.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    databaseKind: DatabaseHandle['kind'];
    /** The current instant; tests replace it to travel in time. */
    clock: () => Date;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  clock?: () => Date;
  /** The folder holding the built index.html and assets/ (default: dist). */
  webRoot?: string;
  logger?: boolean;
}

const projectRoot = resolve(import.meta.dirname, '../..');
const ONE_YEAR_SECONDS = 31_536_000;
const MAX_BODY_BYTES = 64 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.isProduction,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  const { testClock } = config;
  app.decorate('clock', options.clock ?? (testClock ? () => testClock : () => new Date()));

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? 'Invalid request';
      return reply.code(400).send({ error: field ? `${field}: ${message}` : message });
    }
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(statusCode).send({ error: (error as Error).message });
  });

  const webRoot = options.webRoot ?? join(projectRoot, 'dist');
  await registerSecurityHeaders(app, { inlineStyleHashes: inlineStylesheetHashes(webRoot) });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(etag);
  // API answers are private and live unless a route says otherwise (the public events and availability do).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(rateLimit, { global: false });
  await registerMail(app);
  await registerPayments(app);

  await app.register(healthRoutes);
  await app.register(publicEventRoutes);
  await app.register(availabilityRoutes);
  await app.register(bookingRoutes);
  await app.register(christmasRoutes);
  await app.register(stripeWebhookRoutes);

  await registerAuth(app);
  await app.register(authRoutes);
  await app.register(
    adminApi([
      sessionRoutes,
      adminEventRoutes,
      adminBookingRoutes,
      closureRoutes,
      christmasAdminRoutes,
      christmasExportRoutes,
    ]),
  );

  const imagesRoot = join(projectRoot, 'content/images');
  await app.register(fastifyStatic, {
    root: imagesRoot,
    prefix: '/images/',
    maxAge: '1d',
  });
  if (existsSync(join(webRoot, 'images'))) {
    await app.register(fastifyStatic, {
      root: join(webRoot, 'images'),
      prefix: VARIANTS_PREFIX,
      maxAge: '1d',
      decorateReply: false,
    });
  }
  if (existsSync(join(webRoot, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(webRoot, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: ONE_YEAR_SECONDS * 1000,
      decorateReply: false,
    });
  }
  app.get('/favicon.svg', (_request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .sendFile('favicon.svg', imagesRoot),
  );
  await app.register(pageRoutes(webRoot));
  return app;
}
