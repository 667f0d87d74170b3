import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.ts';

// Anything shaped like an API key (`<KEY_PREFIX>_<49 base62 characters>`, src/access/keys.ts) and the credential of
// any `Bearer` text: scrubbed from every line, whatever logged it, as the last line of defence.
const KEY_SHAPED = /\b[a-z][a-z0-9]{1,15}_[0-9A-Za-z]{49}\b/g;
const BEARER = /(bearer\s+)[^\s"\\]+/gi;
export const REDACTED = '[redacted]';

// The password of a URL's userinfo (redis://user:password@host, https://user:password@host).
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/"]*:)[^\s@/"]+@/gi;
// A logged header that carries a credential, at any depth and in any case (`"authorization":"Basic …"`,
// `"Cookie":["a=1"]`): its value, a string or a list of strings, is replaced.
const CREDENTIAL_HEADER =
  /("(?:proxy-)?authorization"\s*:\s*|"(?:set-)?cookie"\s*:\s*)(?:"(?:[^"\\]|\\.)*"|\[(?:[^\]"]|"(?:[^"\\]|\\.)*")*\])/gi;

/** A line as it is written, with credentials replaced. Costs about a microsecond on a request line. */
export function scrub(line: string, secrets: readonly string[] = []): string {
  let scrubbed = line.replace(KEY_SHAPED, REDACTED).replace(BEARER, `$1${REDACTED}`);
  // Most lines (a request's) have no URL with a scheme nor a credential header: looking for one first is cheaper
  // than the expression.
  if (scrubbed.includes('://')) scrubbed = scrubbed.replace(URL_PASSWORD, `$1${REDACTED}@`);
  if (/uthorization"|ookie"/i.test(scrubbed)) scrubbed = scrubbed.replace(CREDENTIAL_HEADER, `$1"${REDACTED}"`);
  for (const secret of secrets) if (scrubbed.includes(secret)) scrubbed = scrubbed.replaceAll(secret, REDACTED);
  return scrubbed;
}

/** The passwords the process connects with: never written, in whatever error or message they turn up. */
function secretsOf({ redis, opensearch }: Partial<Pick<Config, 'redis' | 'opensearch'>>): string[] {
  const redisPassword = redis && ('url' in redis ? decodeURIComponent(new URL(redis.url).password) : redis.password);
  // JSON escapes some characters: a secret is looked for as it appears in a line too.
  const found = [redisPassword, opensearch?.password].filter((p): p is string => !!p && p.length >= 4);
  return [...new Set(found.flatMap((p) => [p, JSON.stringify(p).slice(1, -1)]))];
}

/** A Redis client's error can carry the command it failed on (ioredis attaches it), AUTH's password included. */
function commandOf(command: unknown): unknown {
  if (!command || typeof command !== 'object' || !('name' in command)) return command;
  return { name: (command as { name: unknown }).name, args: REDACTED };
}

/**
 * JSON logs (pino). API keys travel in the Authorization header: request lines leave headers out, an error from
 * Node's HTTP parser loses `rawPacket` (the request's raw bytes, headers included, which Fastify logs at trace), a
 * Redis error loses its command's arguments, and every line is scrubbed before it is written: key-shaped text,
 * Bearer credentials, URL passwords, the configured passwords and any logged Authorization or Cookie header's value.
 * The headers are scrubbed from the line rather than by pino's `redact`, which copies and serialises part of every
 * object logged whether it holds headers or not (6 µs of a request line; docs/speed.md, "Where the unmetered call's
 * CPU goes"). Stdout is written asynchronously in batches of 4 KB (pino flushes the rest on exit): one write per
 * line costs a busy API CPU on every request (docs/speed.md, "The API's read path").
 */
export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'redis' | 'opensearch'>>,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false, minLength: 4096 }),
): Logger {
  const secrets = secretsOf(config);
  return pino(
    {
      level: config.logLevel,
      serializers: {
        err: (err: Error) => {
          const serialized = pino.stdSerializers.err(err) as Record<string, unknown>;
          if ('rawPacket' in serialized) serialized.rawPacket = REDACTED;
          if ('command' in serialized) serialized.command = commandOf(serialized.command);
          if ('previousErrors' in serialized) serialized.previousErrors = REDACTED;
          return serialized;
        },
        // Not the whole header set: it carries credentials, and copying and redacting it on every request costs.
        req: (req: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) => ({
          method: req.method,
          url: req.url,
          remoteAddress: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      },
      hooks: { streamWrite: (line) => scrub(line, secrets) },
    },
    destination,
  );
}
