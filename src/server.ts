import closeWithGrace from 'close-with-grace';
import { buildApp, loadModel } from './app.ts';
import { closeClients, createClients } from './clients.ts';
import { ConfigError, loadConfig } from './config.ts';
import { buildMetricsApp, METRICS_PATH } from './http/metrics-endpoint.ts';
import { createLogger } from './logger.ts';
import { Metrics } from './metrics.ts';
import { LiveProfile } from './search/live-profile.ts';
import { ProfileError } from './search/profile.ts';

/** A bad variable or ranking profile ends the process with a message that names it, not a stack trace. */
function orExit<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof ProfileError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = orExit(() => loadConfig());
const logger = createLogger(config);
// Before the clients: a broken profile stops the start with nothing open yet.
const profile = orExit(() => new LiveProfile(config.rankingProfile, logger));
await loadModel(config).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const clients = createClients(config, logger);
if (config.rankingProfilePollMs > 0) profile.watch(config.rankingProfilePollMs);
const metrics = new Metrics();
const app = await buildApp({ config, clients, logger, profile, metrics });
const metricsApp = config.metrics && buildMetricsApp(metrics);
// SIGHUP re-reads the ranking profile (also done by the file watch); an invalid one is refused and logged.
process.on('SIGHUP', () => profile.reload());

// On SIGINT/SIGTERM (or a crash): stop accepting, finish in-flight requests, then close the clients. SIGHUP is
// skipped: close-with-grace counts it among the signals that close, which would make a reload a shutdown.
closeWithGrace({ delay: config.shutdownGraceMs, skip: ['SIGHUP'] }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
  await metricsApp?.close();
  profile.close();
  await closeClients(clients);
});

await app.listen({ host: config.host, port: config.port });
if (metricsApp && config.metrics) {
  const address = await metricsApp.listen(config.metrics);
  logger.info({ metrics: `${address}${METRICS_PATH}` }, 'metrics served');
}
