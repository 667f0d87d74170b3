import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.ts';

/**
 * JSON logs (pino). API keys travel in the Authorization header: request lines leave headers out, and a line
 * that logs a `headers` object gets its credentials redacted. Stdout is written
 * asynchronously in batches of 4 KB (pino flushes the rest on exit): one write per line cost a busy API about
 * 0.2 ms of CPU per request here.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false, minLength: 4096 }),
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: ['headers.authorization', 'headers.cookie'], censor: '[redacted]' },
      serializers: {
        err: pino.stdSerializers.err,
        // Not the whole header set: it carries credentials, and copying and redacting it on every request costs.
        req: (req: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) => ({
          method: req.method,
          url: req.url,
          remoteAddress: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      },
    },
    destination,
  );
}
