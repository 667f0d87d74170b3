// The stack the drills need, found before anything else runs: the local OpenSearch and Redis must answer, or the
// run stops at once with what to start, rather than failing inside the first drill.
import { Redis } from 'ioredis';
import { maskUrl } from '../../scripts/stack/redis.ts';

/** The versions of OpenSearch and Redis at these URLs; exits 1 with advice when either does not answer. */
export async function stackOrExit(
  opensearchUrl: string,
  redisUrl: string,
): Promise<{ opensearch: string; redis: string }> {
  const problems: string[] = [];
  let opensearch = '';
  let redis = '';
  try {
    const answer = await fetch(opensearchUrl, { signal: AbortSignal.timeout(3000) });
    opensearch = ((await answer.json()) as { version?: { number?: string } }).version?.number ?? 'unknown';
  } catch (error) {
    problems.push(`OpenSearch at ${opensearchUrl} does not answer (${(error as Error).message})`);
  }
  const probe = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    redis = /redis_version:(\S+)/.exec(await probe.info('server'))?.[1] ?? 'unknown';
  } catch (error) {
    const message = (error as Error).message;
    const hint = /NOAUTH|WRONGPASS/.test(message)
      ? ': it wants a password. Leave REDIS_URL unset to use the launcher’s, or put the password in REDIS_URL'
      : '';
    problems.push(`Redis at ${maskUrl(redisUrl)} does not answer (${message})${hint}`);
  } finally {
    probe.disconnect();
  }
  if (problems.length) {
    console.error(`✖ The drills need the local stack.\n  ${problems.join('\n  ')}`);
    console.error(
      'Start it with `npm run up` (or `npm run stack:up` for OpenSearch and Redis only), check it with ' +
        '`npm run stack:status`, then run `npm run drill` again. For a stack of your own, set OPENSEARCH_URL and ' +
        'REDIS_URL (environment or .env).',
    );
    process.exit(1);
  }
  return { opensearch, redis };
}
