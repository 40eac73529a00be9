import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff: occasion bookings, phone bookings, closures, prep counts, table sheets and CSVs (issue 30). */
export const occasionAdminRoutes: FastifyPluginAsyncZod = async () => {};
