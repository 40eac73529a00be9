import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from '#db/client.ts';
import { VARIANTS_PREFIX } from '#shared/content/responsive-images.ts';
import { auditRoutes } from '../audit/routes.ts';
import { adminBookingRoutes } from '../booking/admin-routes.ts';
import { availabilityRoutes } from '../booking/availability-routes.ts';
import { bookLinkRoutes } from '../booking/book-link.ts';
import { closureRoutes } from '../booking/closure-routes.ts';
import { manageBookingRoutes } from '../booking/manage-routes.ts';
import { bookingRoutes } from '../booking/routes.ts';
import { christmasAdminRoutes } from '../christmas/admin-routes.ts';
import { christmasExportRoutes } from '../christmas/export-routes.ts';
import { manageChristmasRoutes } from '../christmas/manage-routes.ts';
import { christmasRoutes } from '../christmas/routes.ts';
import { contentAdminRoutes } from '../content/admin-routes.ts';
import { imageAdminRoutes, uploadedImageFiles } from '../content/image-routes.ts';
import { pageRoutes } from '../content/pages.ts';
import { prepareContent } from '../content/prepare.ts';
import { publicContentRoutes } from '../content/routes.ts';
import { type ContentStore, createContentStore } from '../content/store.ts';
import { depositAdminRoutes } from '../deposits/admin-routes.ts';
import { depositRoutes } from '../deposits/routes.ts';
import { registerDeposits } from '../deposits/runner.ts';
import { adminEnquiryRoutes, enquiryRoutes } from '../enquiries/routes.ts';
import type { AppConfig } from '../env.ts';
import { adminEventRoutes } from '../events/admin-routes.ts';
import { publicEventRoutes } from '../events/routes.ts';
import { registerAfterResponse } from '../lib/after-response.ts';
import { type TableChanges, watchTableChanges } from '../lib/table-changes.ts';
import { mailAdminRoutes } from '../mail/admin-routes.ts';
import { registerMailSender } from '../mail/sender.ts';
import { occasionAdminRoutes } from '../occasions/admin-routes.ts';
import { preOrderRoutes } from '../occasions/pre-order-routes.ts';
import { occasionRoutes } from '../occasions/routes.ts';
import { registerPreOrders } from '../occasions/runner.ts';
import { occasionStaffBookingRoutes } from '../occasions/staff-booking-routes.ts';
import { staffDinerRoutes } from '../occasions/staff-diner-routes.ts';
import { registerPayments } from '../payments/register-payments.ts';
import { stripeWebhookRoutes } from '../payments/stripe-webhook.ts';
import { marketingAdminRoutes, marketingPublicRoutes } from '../privacy/consent-routes.ts';
import { guestDataRoutes } from '../privacy/guest-routes.ts';
import { registerRetention } from '../privacy/retention-runner.ts';
import { profileRoutes } from '../profiles/routes.ts';
import { queueRoutes } from '../queue/routes.ts';
import { registerReminders } from '../reminders/runner.ts';
import { reportRoutes } from '../reports/routes.ts';
import { staffAccountRoutes, staffLinkRoutes } from '../staff/account-routes.ts';
import { adminApi, registerAuth } from '../staff/guard.ts';
import { authRoutes, sessionRoutes } from '../staff/routes.ts';
import { staffSettingsRoutes, twoStepRoutes } from '../staff/two-step-routes.ts';
import { adminStandbyRoutes } from '../standby/admin-routes.ts';
import { standbyRoutes } from '../standby/routes.ts';
import { registerStandby } from '../standby/runner.ts';
import { adminTablesRoutes } from '../tables/admin-routes.ts';
import { arrivalRoutes } from '../tables/arrival-routes.ts';
import { tablesSetupRoutes } from '../tables/setup-routes.ts';
import { voucherRoutes } from '../vouchers/routes.ts';
import { registerVoucherPass } from '../vouchers/runner.ts';
import { voucherStaffRoutes } from '../vouchers/staff-routes.ts';
import { answerClientError, answerFrameworkError } from './early-errors.ts';
import { answerError } from './error-mapper.ts';
import { healthRoutes } from './health.ts';
import { openapiRoutes } from './openapi.ts';
import { registerRateLimits } from './rate-limits.ts';
import { registerSecurityHeaders, securityPolicy } from './security.ts';
import { createFileMemory, fileFolder, staticFiles } from './static-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    databaseKind: DatabaseHandle['kind'];
    /** The current instant; tests replace it to travel in time. */
    clock: () => Date;
    /** The content documents staff edit: menus, hours, settings (see server/content/store.ts). */
    content: ContentStore;
    /** What this process has heard of the database's changes, for the answers it keeps in memory. */
    tableChanges: TableChanges;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  clock?: () => Date;
  /** The folder holding the built index.html and assets/ (default: dist). */
  webRoot?: string;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Sees each route as it is added, before any is registered (the test that every route has schemas). */
  onRoute?: (route: RouteOptions) => void;
}

const projectRoot = resolve(import.meta.dirname, '../../..');
const ONE_YEAR_SECONDS = 31_536_000;
const ONE_DAY_SECONDS = 86_400;
const MAX_BODY_BYTES = 64 * 1024;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function zodOnly(): never {
  throw new Error('Only zod schemas are compiled here: a JSON Schema needs a compiler of its own');
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const webRoot = options.webRoot ?? join(projectRoot, 'dist');
  const security = securityPolicy({ production: config.isProduction });
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustedProxies ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError(security),
    clientErrorHandler: answerClientError(security),
    // Every schema is compiled by zod's compilers (set below): factories of our own keep Fastify from loading
    // its JSON Schema ones (ajv, ~100 modules) at start, which nothing here uses.
    schemaController: { compilersFactory: { buildValidator: zodOnly, buildSerializer: zodOnly } },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const contractRoutes = openapiRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  const { testClock } = config;
  app.decorate('clock', options.clock ?? (testClock ? () => testClock : () => new Date()));
  const migrated = await prepareContent(database.db, app.clock());
  if (migrated.length > 0) {
    app.log.info(
      { contentMigrations: migrated.map((migration) => `${migration.id} ${migration.name}`) },
      'Applied content migrations',
    );
  }
  const tableChanges = await watchTableChanges(database, app.log);
  app.decorate('tableChanges', tableChanges);
  app.addHook('onClose', () => tableChanges.stop());
  // A write through this server shows in its very next answer: on PostgreSQL the write's announcement
  // reaches this process a moment after its commit, so its answer waits until it has. Only what the write
  // changed is read again (issue 34: a checkout no longer makes every page and document stale).
  app.addHook('onSend', async (request) => {
    if (!READ_METHODS.has(request.method)) await tableChanges.caughtUp();
  });
  app.decorate('content', createContentStore(database.db, tableChanges));
  await app.content.current();
  database.onConnectionError((error) =>
    app.log.warn({ err: error }, 'database connection lost; a new one is opened for the next query'),
  );

  app.setErrorHandler(answerError);

  registerSecurityHeaders(app, security);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(etag);
  // API answers are private and live unless a route says otherwise (the public events and availability do).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await registerRateLimits(app);
  registerAfterResponse(app);
  await registerMailSender(app);
  await registerReminders(app);
  await registerPreOrders(app);
  await registerStandby(app);
  await registerVoucherPass(app);
  await registerRetention(app);
  await registerPayments(app);
  await registerDeposits(app);

  const publicRoutes = [
    healthRoutes,
    contractRoutes,
    publicEventRoutes,
    publicContentRoutes,
    availabilityRoutes,
    bookingRoutes,
    bookLinkRoutes,
    enquiryRoutes,
    manageBookingRoutes,
    christmasRoutes,
    manageChristmasRoutes,
    occasionRoutes,
    preOrderRoutes,
    standbyRoutes,
    voucherRoutes,
    marketingPublicRoutes,
    depositRoutes,
    stripeWebhookRoutes,
  ];
  for (const routes of publicRoutes) await app.register(routes);

  await registerAuth(app);
  await app.register(authRoutes);
  await app.register(staffLinkRoutes);
  await app.register(
    adminApi([
      sessionRoutes,
      twoStepRoutes,
      staffSettingsRoutes,
      staffAccountRoutes,
      adminEventRoutes,
      adminBookingRoutes,
      depositAdminRoutes,
      adminTablesRoutes,
      arrivalRoutes,
      queueRoutes,
      tablesSetupRoutes,
      closureRoutes,
      adminEnquiryRoutes,
      christmasAdminRoutes,
      christmasExportRoutes,
      occasionAdminRoutes,
      occasionStaffBookingRoutes,
      staffDinerRoutes,
      adminStandbyRoutes,
      mailAdminRoutes,
      guestDataRoutes,
      profileRoutes,
      marketingAdminRoutes,
      contentAdminRoutes,
      imageAdminRoutes,
      auditRoutes,
      reportRoutes,
      voucherStaffRoutes,
    ]),
  );

  const imagesRoot = join(projectRoot, 'content/images');
  // Only for reply.sendFile: the files too big for the static files' memory.
  await app.register(fastifyStatic, { root: imagesRoot, serve: false, preCompressed: true });
  const fileMemory = createFileMemory();
  const images = fileFolder({ root: imagesRoot, maxAgeSeconds: ONE_DAY_SECONDS, memory: fileMemory });
  await app.register(staticFiles('/images/', images));
  app.get('/favicon.svg', (request, reply) => images(request, reply, 'favicon.svg'));
  await app.register(uploadedImageFiles);
  if (existsSync(join(webRoot, 'images'))) {
    const variants = fileFolder({
      root: join(webRoot, 'images'),
      maxAgeSeconds: ONE_DAY_SECONDS,
      memory: fileMemory,
    });
    await app.register(staticFiles(VARIANTS_PREFIX, variants));
  }
  if (existsSync(join(webRoot, 'assets'))) {
    // The build writes brotli and gzip copies beside each script and stylesheet (scripts/lib/precompress.ts):
    // the copy the browser accepts is sent as it is, with its Content-Encoding, which compress leaves alone.
    const assets = fileFolder({
      root: join(webRoot, 'assets'),
      maxAgeSeconds: ONE_YEAR_SECONDS,
      immutable: true,
      memory: fileMemory,
    });
    await app.register(staticFiles('/assets/', assets));
  }
  await app.register(pageRoutes(webRoot));
  return app;
}
