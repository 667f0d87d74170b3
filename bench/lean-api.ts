// The floor of the API's own search work: Fastify with one route that validates the parameters with the search's
// schema and answers through the API's own Catalog (the query built, OpenSearch's answer read, the page written),
// and nothing else: no key check or metering, log line, load shedding, metrics or error handling. bench/api.ts
// runs it beside the bare proxy (the floor of any process in front of OpenSearch) and the API itself, so the
// API's CPU per call splits into the hop, the search work every call needs, and what the service adds to it.
import Fastify from 'fastify';
import { loadConfig } from '../src/config.ts';
import { SearchCreatorsParams } from '../src/contract/params.ts';
import { Catalog } from '../src/search/catalog.ts';
import { OpenSearchHttp } from '../src/search/opensearch-http.ts';
import { loadProfile } from '../src/search/profile.ts';

const config = loadConfig(process.env);
const catalog = new Catalog({
  http: new OpenSearchHttp(config.opensearch, config.opensearchTimeoutMs, config.opensearchMaxPending),
  profile: loadProfile(config.rankingProfile),
  indexPrefix: config.indexPrefix,
  publicBaseUrl: config.publicBaseUrl,
  depthLimit: config.searchDepthLimit,
  sponsorResults: config.sponsorResults,
});

const app = Fastify();
app.get('/api/v1/creators', async (request, reply) => {
  const parsed = SearchCreatorsParams.safeParse(request.query);
  if (!parsed.success) return reply.code(422).send({ error: { code: 'invalid_request', message: 'invalid' } });
  reply.type('application/json; charset=utf-8');
  return catalog.searchCreatorsJson(parsed.data, config.pageSize);
});
await app.listen({ port: config.port, host: config.host });
