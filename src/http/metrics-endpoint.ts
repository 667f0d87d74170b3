// GET /metrics in the Prometheus text format, on a listener of its own (METRICS_HOST:METRICS_PORT, server.ts):
// never on the API's port, so the public never sees it and a scrape never passes the access pipeline. Anything
// else on that port is a 404 in the spec's error shape.
import Fastify from 'fastify';
import { errorBody } from '../contract/error.ts';
import type { Metrics } from '../metrics.ts';

export const METRICS_PATH = '/metrics';

/** Builds the metrics app; it never listens (server.ts does). */
export function buildMetricsApp(metrics: Metrics) {
  const app = Fastify({ logger: false });
  app.get(METRICS_PATH, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(errorBody('not_found', `Only GET ${METRICS_PATH} is served on this port.`)),
  );
  return app;
}
