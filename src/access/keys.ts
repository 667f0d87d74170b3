// API keys: `<KEY_PREFIX>_<body>`. The body is 32 random bytes (256 bits) in base62 plus a 6-character base62
// CRC-32 checksum, so a mistyped or made-up key is refused without asking Redis (as GitHub's tokens do). Only the
// SHA-256 digest of a key is ever stored.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 43; // ceil(256 / log2(62))
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32

function base62(value: bigint, length: number): string {
  let out = '';
  for (let v = value; out.length < length; v /= 62n) out = ALPHABET[Number(v % 62n)] + out;
  return out;
}

/** The checksum in base62, with plain numbers (a CRC-32 fits one exactly): every metered call checks one. */
function checksum(secret: string): string {
  let out = '';
  for (let v = crc32(secret); out.length < CHECKSUM_LENGTH; v = Math.floor(v / 62)) out = ALPHABET[v % 62] + out;
  return out;
}

export function createKey(prefix: string): string {
  const secret = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), SECRET_LENGTH);
  return `${prefix}_${secret}${checksum(secret)}`;
}

/** True when `key` has this deployment's prefix, the right length and alphabet, and a matching checksum. */
export function wellFormed(key: string, prefix: string): boolean {
  if (key.length !== prefix.length + 1 + SECRET_LENGTH + CHECKSUM_LENGTH || !key.startsWith(`${prefix}_`)) return false;
  const body = key.slice(prefix.length + 1);
  if (!/^[0-9A-Za-z]+$/.test(body)) return false;
  return checksum(body.slice(0, SECRET_LENGTH)) === body.slice(SECRET_LENGTH);
}

/** One-shot: no Hash object per metered call. */
export const digestOf = (key: string) => hash('sha256', key, 'hex');

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** The key from an `Authorization: Bearer <key>` header, or undefined for any other shape. */
export function bearerKey(header: string | undefined): string | undefined {
  if (!header || header.length > 200) return undefined;
  const match = /^Bearer ([^\s]+)$/i.exec(header);
  return match?.[1];
}
