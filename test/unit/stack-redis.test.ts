import { describe, expect, it } from 'vitest';
import { localRedisUrl, maskUrl, redisConfig, withoutCredentials } from '../../scripts/stack/redis.ts';

const password = 'Zk3_9-abcdefghijklmnopqrstuvwx';

describe("the launcher's Redis URL", () => {
  it('carries the password for clients, and hides it whenever it is printed', () => {
    const url = localRedisUrl(6390, password);
    expect(url).toBe(`redis://:${password}@127.0.0.1:6390`);
    expect(maskUrl(url)).toBe('redis://:***@127.0.0.1:6390');
    expect(withoutCredentials(url)).toBe('redis://127.0.0.1:6390');
  });

  it('masks the password of any URL, user name and path kept, and leaves URLs without one alone', () => {
    expect(maskUrl('rediss://app:s3cr%40t@cache.internal:6380/2')).toBe('rediss://app:***@cache.internal:6380/2');
    expect(maskUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(maskUrl('http://127.0.0.1:9200')).toBe('http://127.0.0.1:9200');
  });
});

describe('redisConfig', () => {
  const config = redisConfig({ port: 6390, dir: '/var/tmp/my "cache"\\redis', password });

  it('binds to loopback and asks for the password, which therefore never is on the command line', () => {
    const lines = config.split('\n');
    expect(lines).toContain('bind 127.0.0.1');
    expect(lines).toContain('port 6390');
    expect(lines).toContain(`requirepass "${password}"`);
    expect(lines).toContain('appendonly yes');
  });

  it("quotes the folder as redis.conf's parser reads it", () => {
    expect(config).toContain('dir "/var/tmp/my \\"cache\\"\\\\redis"');
    expect(() => redisConfig({ port: 1, dir: '/tmp/a\nrequirepass ""', password })).toThrow(/line break/);
  });
});
