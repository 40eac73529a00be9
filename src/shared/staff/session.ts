import { z } from 'zod';

/** Who is signed in, as POST /api/auth/login and GET /api/auth/me answer it; the web imports the type only. */
export const signedInAdminSchema = z.object({ email: z.string() });
export type SignedInAdmin = z.infer<typeof signedInAdminSchema>;
