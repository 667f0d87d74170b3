import { describe, expect, it } from 'vitest';
import { limitedAddress } from '../../src/access/address.ts';

describe('the address a per-address limit counts', () => {
  it('keeps IPv4 as it is, and IPv4 mapped into IPv6 as IPv4', () => {
    expect(limitedAddress('203.0.113.9', 64)).toBe('203.0.113.9');
    expect(limitedAddress('::ffff:203.0.113.9', 64)).toBe('203.0.113.9');
  });

  it('counts every address of one IPv6 /64 as one, whatever way it is written', () => {
    const one = limitedAddress('2001:db8:1:2:aaaa::1', 64);
    expect(one).toBe('2001:db8:1:2:0:0:0:0/64');
    expect(limitedAddress('2001:db8:1:2:ffff:ffff:ffff:ffff', 64)).toBe(one);
    expect(limitedAddress('2001:0db8:0001:0002::', 64)).toBe(one);
    expect(limitedAddress('2001:db8:1:3::1', 64)).not.toBe(one);
  });

  it('takes the prefix length it is configured with', () => {
    expect(limitedAddress('2001:db8:1:2:aaaa::1', 48)).toBe('2001:db8:1:0:0:0:0:0/48');
    expect(limitedAddress('2001:db8:1:2:aaaa::1', 56)).toBe('2001:db8:1:0:0:0:0:0/56');
    expect(limitedAddress('2001:db8:1:2ff:aaaa::1', 56)).toBe('2001:db8:1:200:0:0:0:0/56');
    expect(limitedAddress('::1', 128)).toBe('::1');
  });
});
