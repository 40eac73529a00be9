import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public occasion pages' data and the organiser's booking and checkout (issue 30). */
export const occasionRoutes: FastifyPluginAsyncZod = async () => {};
