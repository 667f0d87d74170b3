import { describe, expect, it } from 'vitest';
import { bearerKey, createKey, digestOf, sameDigest, wellFormed } from '../../src/access/keys.ts';
import { exceeded, rateLimitHeaders } from '../../src/access/limits.ts';
import { currentPeriod } from '../../src/access/periods.ts';

describe('API keys', () => {
  it('are the prefix, 43 random base62 characters and a 6-character checksum', () => {
    const key = createKey('csi');
    expect(key).toMatch(/^csi_[0-9A-Za-z]{49}$/);
    expect(wellFormed(key, 'csi')).toBe(true);
    expect(createKey('csi')).not.toBe(key);
  });

  it('made before the checksum and digest were computed otherwise stay valid, with the same digests', () => {
    // Made by revision 2b85953 (a checksum of BigInt arithmetic, a digest through a Hash object); no account holds them.
    const made = [
      [
        'csi_fSP5vWeeH2DatRweQCRgmpxaiBc9u5aqBKtZ42LsmFo02jpwP',
        'f4c431ed321df7b05863411dfab17059a9227876b28277881a6ebf61ca7d92d5',
      ],
      [
        'csi_xtFCV5PMFwhCS8zgV6g0Gotxwjy7r2SoICLQSAX5jtT4A6Sx7',
        '2e34fcc74671e3c11d36161680997e98b7fed0657e582acbcb68837a593f780d',
      ],
      [
        'csi_dd5LNj6jCYDhDfBBZpSp41tAFnKCnxvSWvLrSTqv77s3S1xlK',
        '74de3892f92d5fef155a74c25f9f551ae6d4075ad327e97973fcd664fe0de888',
      ],
    ];
    for (const [key, digest] of made) {
      expect(wellFormed(key as string, 'csi'), key).toBe(true);
      expect(digestOf(key as string)).toBe(digest);
    }
  });

  it('refuse a changed character, another prefix, a wrong length or other characters', () => {
    const key = createKey('csi');
    const last = key.at(-1) === 'a' ? 'b' : 'a';
    const middle = key[10] === 'a' ? 'b' : 'a';
    for (const bad of [
      `${key.slice(0, -1)}${last}`,
      `${key.slice(0, 10)}${middle}${key.slice(11)}`,
      key.replace('csi_', 'abc_'),
      key.slice(0, -1),
      `${key}0`,
      `${key.slice(0, -2)}-_`,
      '',
    ]) {
      expect(wellFormed(bad, 'csi'), bad).toBe(false);
    }
  });

  it('are read from "Bearer <key>" only', () => {
    expect(bearerKey('Bearer abc')).toBe('abc');
    expect(bearerKey('bearer abc')).toBe('abc');
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer a b',
      'Bearer  abc',
      `Bearer ${'x'.repeat(300)}`,
    ]) {
      expect(bearerKey(header), String(header)).toBeUndefined();
    }
  });

  it('compare digests in constant time and never equal an empty digest', () => {
    const digest = digestOf('csi_x');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(sameDigest(digest, digestOf('csi_x'))).toBe(true);
    expect(sameDigest(digest, digestOf('csi_y'))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });
});

describe('credit periods', () => {
  it.each([
    ['month', '2026-11-22T10:00:00Z', '2026-11', '2026-12-01T00:00:00.000Z'],
    ['month', '2026-12-31T23:59:59Z', '2026-12', '2027-01-01T00:00:00.000Z'],
    ['month', '2028-02-29T12:00:00Z', '2028-02', '2028-03-01T00:00:00.000Z'],
    ['week', '2026-11-22T10:00:00Z', '2026-11-16', '2026-11-23T00:00:00.000Z'],
    ['week', '2026-11-23T00:00:00Z', '2026-11-23', '2026-11-30T00:00:00.000Z'],
    ['day', '2026-11-22T23:59:59Z', '2026-11-22', '2026-11-23T00:00:00.000Z'],
  ] as const)('%s at %s is %s, renewing at %s', (period, now, id, renewsAt) => {
    const window = currentPeriod(period, new Date(now));
    expect(window.id).toBe(id);
    expect(window.renewsAt.toISOString()).toBe(renewsAt);
  });
});

describe('rate-limit headers', () => {
  it('state the policy, what is left and, when over, Retry-After in whole seconds of at least 1', () => {
    expect(rateLimitHeaders({ name: 'key', limit: 10, used: 4, resetMs: 30_500 })).toEqual({
      'ratelimit-policy': '"key";q=10;w=60',
      ratelimit: '"key";r=6;t=31',
    });
    const over = { name: 'ip' as const, limit: 10, used: 11, resetMs: 20 };
    expect(exceeded(over)).toBe(true);
    expect(rateLimitHeaders(over)).toEqual({
      'ratelimit-policy': '"ip";q=10;w=60',
      ratelimit: '"ip";r=0;t=1',
      'retry-after': '1',
    });
  });

  it('never limit when the count is unknown (the limiter failed open)', () => {
    expect(exceeded({ name: 'key', limit: 1 })).toBe(false);
    expect(rateLimitHeaders({ name: 'key', limit: 1 })).toEqual({ 'ratelimit-policy': '"key";q=1;w=60' });
  });
});
