import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { closeClients, createClients } from './clients.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { LiveProfile } from './search/live-profile.ts';

function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = configOrExit();
const logger = createLogger(config);
const clients = createClients(config, logger);
const profile = new LiveProfile(config.rankingProfile, logger);
if (config.rankingProfilePollMs > 0) profile.watch(config.rankingProfilePollMs);
const app = await buildApp({ config, clients, logger, profile });
// SIGHUP re-reads the ranking profile (also done by the file watch); an invalid one is refused and logged.
process.on('SIGHUP', () => profile.reload());

// On SIGINT/SIGTERM (or a crash): stop accepting, finish in-flight requests, then close the clients.
closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
  profile.close();
  await closeClients(clients);
});

await app.listen({ host: config.host, port: config.port });
