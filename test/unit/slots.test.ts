import { describe, expect, it } from 'vitest';
import { redisKeys } from '../../src/access/store.ts';

// On a Redis Cluster a script or transaction may only touch keys of one hash slot (else CROSSSLOT). Every one the
// access code runs is given its keys by redisKeys(...).together: they must share a slot for any account, key and
// call id, under any prefix. The slot function is Redis's own (cluster spec: CRC16-XMODEM of the hash tag, mod 16384).
function crc16(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function slot(key: string): number {
  const open = key.indexOf('{');
  const close = open === -1 ? -1 : key.indexOf('}', open + 1);
  const tagged = close > open + 1 ? key.slice(open + 1, close) : key;
  return crc16(tagged) % 16384;
}

describe('hash slots of the access scripts', () => {
  it('computes slots as Redis does', () => {
    expect(crc16('123456789')).toBe(0x31c3); // the cluster specification's check value
    expect(slot('foo')).toBe(12182);
    expect(slot('{user1000}.following')).toBe(slot('{user1000}.followers'));
    expect(slot('foo{}{bar}')).toBe(slot('foo{}{bar}')); // an empty first tag hashes the whole key
    expect(slot('foo{}{bar}')).not.toBe(slot('bar'));
  });

  it.each(['', 'csi:', 'run-7.a_b:'])('puts every script’s keys on one slot, prefix %j', (prefix) => {
    const { together } = redisKeys(prefix);
    for (const accountId of ['1', '42', '999999']) {
      const groups = [
        together.access(accountId, 'a1b2c3', 'call-Xy_9'),
        together.refund(accountId, 'call-Xy_9'),
        // Settlement names each call's record after the account's key, inside the script: the same slot too.
        [...together.settle(accountId), `${together.settle(accountId)[0]}:call:call-Xy_9`],
        together.credit(accountId),
        together.newKey(accountId, 'a1b2c3'),
      ];
      for (const keys of groups) expect(new Set(keys.map(slot)).size, keys.join(' ')).toBe(1);
    }
  });
});
