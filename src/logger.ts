import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.ts';

/**
 * JSON logs (pino). API keys travel in the Authorization header: it never reaches a log line. Stdout is written
 * asynchronously (pino flushes it on exit), so a busy API does not make one blocking write per log line.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      serializers: {
        err: pino.stdSerializers.err,
        req: (req: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) => ({
          method: req.method,
          url: req.url,
          remoteAddress: req.ip,
          headers: req.headers,
        }),
      },
    },
    destination,
  );
}
