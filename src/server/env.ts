import { resolve } from 'node:path';
import { z } from 'zod';
import { venue } from '../shared/venue.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    PUBLIC_URL: z.url().optional(),
    SEED_DEMO: booleanFlag.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    PUB_NOTIFY_EMAIL: z.email().optional(),
    BOOKING_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(20),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `"${venue.name}" <${venue.email}>`,
    pubNotifyEmail: env.PUB_NOTIFY_EMAIL ?? venue.email,
    bookingRateLimitPer15Min: env.BOOKING_RATE_LIMIT_PER_15_MIN,
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
