import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The organiser's page and the diners' links: choices until the deadline (issue 30). */
export const preOrderRoutes: FastifyPluginAsyncZod = async () => {};
