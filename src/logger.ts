import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.ts';

// Anything shaped like an API key (`<KEY_PREFIX>_<49 base62 characters>`, src/access/keys.ts) and the credential of
// any `Bearer` text: scrubbed from every line, whatever logged it, as the last line of defence.
const KEY_SHAPED = /\b[a-z][a-z0-9]{1,15}_[0-9A-Za-z]{49}\b/g;
const BEARER = /(bearer\s+)[^\s"\\]+/gi;
export const REDACTED = '[redacted]';

/** A line as it is written, with credentials replaced. Costs about a microsecond on a request line. */
export function scrub(line: string): string {
  return line.replace(KEY_SHAPED, REDACTED).replace(BEARER, `$1${REDACTED}`);
}

/**
 * JSON logs (pino). API keys travel in the Authorization header: request lines leave headers out, a line that
 * logs a `headers` object gets its credentials redacted, an error from Node's HTTP parser loses `rawPacket` (the
 * request's raw bytes, headers included, which Fastify logs at trace), and every line is scrubbed of key-shaped
 * text before it is written. Stdout is written asynchronously in batches of 4 KB (pino flushes the rest on exit):
 * one write per line costs a busy API CPU on every request (docs/speed.md, "The API's read path").
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false, minLength: 4096 }),
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: {
        paths: ['headers.authorization', 'headers.cookie', '*.headers.authorization', '*.headers.cookie'],
        censor: REDACTED,
      },
      serializers: {
        err: (err: Error) => {
          const serialized = pino.stdSerializers.err(err) as Record<string, unknown>;
          if ('rawPacket' in serialized) serialized.rawPacket = REDACTED;
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
      hooks: { streamWrite: scrub },
    },
    destination,
  );
}
