// The OpenAPI document this checkout serves, for the clients' generators and their freshness tests. The app is built
// in this process (it never listens) and asked for GET /api/v1/openapi.json; its Redis and OpenSearch clients are
// created but not needed for that.
import { buildApp } from '../src/app.ts';
import { closeClients, createClients } from '../src/clients.ts';
import { loadConfig } from '../src/config.ts';
import { OPENAPI_PATH } from '../src/http/openapi.ts';
import { createLogger } from '../src/logger.ts';

/** The OpenAPI document of the service as this checkout builds it. */
export async function servedDocument(env: NodeJS.ProcessEnv = process.env): Promise<Record<string, unknown>> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', RANKING_PROFILE_POLL_MS: '0' });
  const logger = createLogger(config);
  const clients = createClients(config, logger);
  try {
    const app = await buildApp({ config, clients, logger });
    const response = await app.inject(OPENAPI_PATH);
    await app.close();
    return response.json();
  } finally {
    await closeClients(clients);
  }
}
