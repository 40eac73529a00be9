import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '#shared/staff/account-messages.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

function stripeApiBase(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address or CIDR range as proxy-addr (Fastify's `trustProxy`) reads it: `10.0.0.1`, `10.0.0.0/8`, `::1`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Why a TRUST_PROXY value cannot be used, in words that say what to write instead. */
function trustProxyProblem(entries: string[]): string | undefined {
  const value = entries.join(',');
  const instead =
    "list the proxies' addresses instead, e.g. loopback (a reverse proxy on this host) or 10.0.0.0/8";
  if (/^\d+$/.test(value)) {
    return `a hop count is not supported (Fastify would silently trust no one): ${instead}`;
  }
  if (value === 'true') {
    return `trusting every address would let any client choose its own IP address: ${instead}`;
  }
  const wrong = entries.find((entry) => !NAMED_PROXY_RANGES.includes(entry) && !isAddressOrRange(entry));
  if (wrong === undefined) return undefined;
  return `"${wrong}" is not an IP address, a CIDR range or one of ${NAMED_PROXY_RANGES.join(', ')}`;
}

/** The proxies whose X-Forwarded-For is believed (a comma-separated list); anyone else's is ignored. */
const trustedProxies = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()))
  .superRefine((entries, context) => {
    const problem = trustProxyProblem(entries);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    IMAGES_DIR: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: trustedProxies.optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
    SEED_DEMO: booleanFlag.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    PUB_NOTIFY_EMAIL: z.email().optional(),
    BOOKING_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(20),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters long`)
      .optional(),
    LOGIN_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(10),
    /** High enough for a pub's staff, who share one broadband address (issue 26). */
    LOGIN_ADDRESS_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(100),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Where the Stripe SDK sends its calls instead of Stripe's own API: a local fake in tests. */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    CHECKOUT_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(10),
    /** How long before a booking starts its guest is sent the reminder e-mail (issue 18). */
    REMINDER_LEAD_HOURS: z.coerce
      .number({ error: 'must be a whole number of hours' })
      .int('must be a whole number of hours')
      .min(1, 'must be at least 1 hour')
      .max(24 * 14, 'must be at most 336 hours (two weeks)')
      .default(48),
    /** How many months after the visit a guest's name, e-mail address and phone number are anonymised (issue 19). */
    RETENTION_MONTHS: z.coerce
      .number({ error: 'must be a whole number of months' })
      .int('must be a whole number of months')
      .min(2, 'must be at least 2 months (notes are kept 30 days after the visit)')
      .max(120, 'must be at most 120 months (ten years)')
      .default(24),
    /** Freezes the app's clock at this instant (NODE_ENV=test only): the browser tests of a dated season. */
    TEST_CLOCK: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((env) => (env.STRIPE_SECRET_KEY === undefined) === (env.STRIPE_WEBHOOK_SECRET === undefined), {
    message: 'set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, or neither',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.STRIPE_API_BASE === undefined, {
    message: 'is for tests only and cannot be used in production',
    path: ['STRIPE_API_BASE'],
  })
  .refine((env) => env.NODE_ENV === 'test' || env.TEST_CLOCK === undefined, {
    message: 'is only allowed with NODE_ENV=test',
    path: ['TEST_CLOCK'],
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together, or neither',
    path: ['ADMIN_PASSWORD'],
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    /** Staff's uploaded photos, in every width and format served. */
    imagesDir: resolve(env.IMAGES_DIR ?? join(env.DATA_DIR, 'images')),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    /** Unset: no proxy is trusted and a request's address is the connection's. */
    trustedProxies: env.TRUST_PROXY,
    /** Rate-limit counters in Redis; unset: in the database. */
    redisUrl: env.REDIS_URL,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL,
    smtpUrl: env.SMTP_URL,
    /** Unset: mail comes from the pub's name and address in the venue document. */
    mailFrom: env.MAIL_FROM,
    /** Unset: the venue document's e-mail address hears of new bookings. */
    pubNotifyEmail: env.PUB_NOTIFY_EMAIL,
    bookingRateLimitPer15Min: env.BOOKING_RATE_LIMIT_PER_15_MIN,
    /** Creates the first admin at start when none exists. */
    initialAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    /** Failed sign-ins per staff e-mail, and wrong two-step codes per account; password-reset requests per e-mail. */
    loginRateLimitPer15Min: env.LOGIN_RATE_LIMIT_PER_15_MIN,
    /** Failed sign-ins per IP address (either step); requests to the staff's e-mailed links per address. */
    loginAddressRateLimitPer15Min: env.LOGIN_ADDRESS_RATE_LIMIT_PER_15_MIN,
    /** Stripe when both keys are set; otherwise the demo checkout (outside production) or none at all. */
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE ? stripeApiBase(env.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    checkoutRateLimitPer15Min: env.CHECKOUT_RATE_LIMIT_PER_15_MIN,
    reminderLeadHours: env.REMINDER_LEAD_HOURS,
    retentionMonths: env.RETENTION_MONTHS,
    testClock: env.TEST_CLOCK ? new Date(env.TEST_CLOCK) : undefined,
  }));

export type AppConfig = z.output<typeof envSchema>;

export class ConfigError extends Error {}

/** The only reader of process.env: a readable error names every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const candidate = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(candidate);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  if (config.isProduction && !config.databaseUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: required in production (PGlite is for development and tests only)',
    );
  }
  return config;
}
