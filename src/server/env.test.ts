import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

function refusal(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset', () => {
    expect(load({}).trustedProxies).toBeUndefined();
  });

  it('takes addresses, CIDR ranges and the named ranges, comma-separated', () => {
    expect(load({ TRUST_PROXY: 'loopback' }).trustedProxies).toEqual(['loopback']);
    expect(
      load({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8, ::1,linklocal,uniquelocal' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'linklocal', 'uniquelocal']);
  });

  it('refuses a hop count, saying what to write instead', () => {
    const message = refusal({ TRUST_PROXY: '1' });
    expect(message).toContain('TRUST_PROXY: a hop count is not supported');
    expect(message).toContain('loopback');
  });

  it('refuses trusting everyone, saying why', () => {
    expect(refusal({ TRUST_PROXY: 'true' })).toContain(
      'TRUST_PROXY: trusting every address would let any client choose its own IP address',
    );
  });

  it.each([
    ['a host name', 'proxy.internal', 'proxy.internal'],
    ['a prefix too long', '10.0.0.0/33', '10.0.0.0/33'],
    ['an IPv6 prefix too long', 'fd00::/129', 'fd00::/129'],
    ['a stray comma', '10.0.0.1,', ''],
    ['false', 'false', 'false'],
  ])('refuses %s, naming the entry', (_label, value, entry) => {
    expect(refusal({ TRUST_PROXY: value })).toContain(
      `TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
    );
  });
});

describe('REDIS_URL', () => {
  it('takes a redis:// or rediss:// URL', () => {
    expect(load({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(load({ REDIS_URL: 'rediss://user:secret@cache.example.com:6380/2' }).redisUrl).toBeDefined();
  });

  it('refuses anything else, naming the variable', () => {
    expect(refusal({ REDIS_URL: '127.0.0.1:6379' })).toContain(
      'REDIS_URL: must be a redis:// or rediss:// URL',
    );
  });
});
