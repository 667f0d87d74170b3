// `npm run up`: the whole local service in one command. Brings up OpenSearch and Redis (or reuses them), loads
// the demo dataset when none is loaded, then (re)starts the API in the background and waits until it is ready.
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { ensureDemoData } from './demo-data.ts';
import { demoKey } from './demo-key.ts';
import { describe, loadDotEnv, main } from './stack/cli.ts';
import { loadStackConfig, REPO_ROOT } from './stack/config.ts';
import { apiHealthy } from './stack/health.ts';
import { down, up } from './stack/launcher.ts';
import { portAnswers, StackError, startDetached } from './stack/process.ts';
import { updateState } from './stack/state.ts';

await main(async () => {
  loadDotEnv({ launcherRedis: false });
  const started = Date.now();
  const stackConfig = loadStackConfig();
  const apiConfig = loadConfig();
  const stack = await up(stackConfig);
  const data = await ensureDemoData(stack.opensearch.url);

  // A running API from an earlier `up` is replaced, so the code you just changed is what answers.
  await down(stackConfig, ['api']);
  if (await portAnswers(apiConfig.port)) {
    throw new StackError(`Port ${apiConfig.port} is taken by another process; set PORT to a free port.`);
  }
  const host = apiConfig.host === '0.0.0.0' ? '127.0.0.1' : apiConfig.host;
  const url = `http://${host}:${apiConfig.port}`;
  const log = path.join(stackConfig.cacheDir, 'api.log');
  const apiProcess = await startDetached({
    what: 'The API',
    command: process.execPath,
    args: ['--import', 'tsx', path.join(REPO_ROOT, 'src', 'server.ts')],
    cwd: REPO_ROOT,
    // The API gets the Redis password only here, in its environment (readable by its user alone), never printed.
    env: { ...process.env, OPENSEARCH_URL: stack.opensearch.url, REDIS_URL: stack.redis.url },
    log,
    timeoutMs: stackConfig.timeoutMs,
    healthy: () => apiHealthy(url),
  });
  const api = { name: 'api', url, provider: 'local', ...apiProcess, log } as const;
  updateState(stackConfig.cacheDir, (state) => {
    state.api = api;
  });

  console.log(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  for (const service of [{ ...api, reused: false }, stack.opensearch, stack.redis]) console.log(describe(service));
  console.log(`Data        ${data}`);
  // A demo account with a fresh key, and the suggested search run once, so the printed line works as shown.
  const { accountId, key } = await demoKey({ url: stack.redis.url }, apiConfig);
  const search = `${url}/api/v1/creators?query=personal+finance&country=US&min_subscribers=10000`;
  const answer = await fetch(search, { headers: { authorization: `Bearer ${key}` } });
  if (!answer.ok) throw new StackError(`The API answered ${answer.status} to ${search}: ${await answer.text()}`);
  const { totalFound } = (await answer.json()) as { totalFound: number };
  console.log(`\nDemo account ${accountId} (plan user), API key (shown once; the next \`up\` replaces it):\n  ${key}`);
  console.log(`\nTry:  curl -H 'Authorization: Bearer ${key}' '${search}'    # ${totalFound} creators`);
  console.log(`      curl -H 'Authorization: Bearer ${key}' ${url}/api/v1/credits`);
  console.log(`Docs: ${url}/docs`);
  console.log('Stop: npm run down   (stops the API and what the launcher started; never services you run yourself)');
});
