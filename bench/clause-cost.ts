// `npm run bench:clauses`: what each kind of clause of the ranking profile costs OpenSearch per creator search, and
// how many answers it decides, so a knob is priced before it is tuned and a faster shape with the same answers is
// bounded. Each request of bench:api's mix goes out live and without each kind of clause, one at a time, request
// cache off; the figure is OpenSearch's mean `took`. Needs OpenSearch. Writes <out>/clauses-<date>T<time>.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCommandLine, wholeNumber } from '../common/cli.ts';
import { loadToolEnv } from '../scripts/stack/cli.ts';
import { directRequest, officialClient } from '../src/clients.ts';
import { loadConfig } from '../src/config.ts';
import { SearchCreatorsParams } from '../src/contract/params.ts';
import { creatorSearchBody } from '../src/search/creator-query.ts';
import { aliases, searchPath } from '../src/search/indices.ts';
import { pageWindow } from '../src/search/pagination.ts';
import { type CreatorRanking, loadProfile } from '../src/search/profile.ts';
import { resolveProfile } from '../workbench/context.ts';
import { prepareDataset } from './api/datasets.ts';
import { searchMix } from './api/mix.ts';
import { leastSquares, median } from './api/stats.ts';
import { machine } from './machine.ts';

const root = path.resolve(import.meta.dirname, '..');
const USAGE = `Usage: npm run bench:clauses -- [--size 1000000] [--profile P] [--limit N] [--out bench/results]
  what each kind of clause of ranking profile P (default: RANKING_PROFILE) costs OpenSearch per creator search, at
  --size creators; --limit takes only the first N requests of the mix (default: all); needs OpenSearch`;
const { values, creators, limit } = parseCommandLine(
  USAGE,
  {
    options: {
      size: { type: 'string', default: '1000000' },
      /** A file or a name in relevance/profiles/, as the workbench takes it; default the API's (RANKING_PROFILE). */
      profile: { type: 'string' },
      /** Only the first N requests of the (shuffled) mix: a sample, for a quick look. 0: all of them. */
      limit: { type: 'string', default: '0' },
      out: { type: 'string', default: path.join(root, 'bench', 'results') },
    },
  },
  ({ values }) => ({
    values,
    creators: wholeNumber(values.size, '--size', 1),
    limit: wholeNumber(values.limit, '--limit'),
  }),
);

loadToolEnv();
const config = loadConfig();
const client = officialClient(config.opensearch, { requestTimeout: 600_000 });
const profile = loadProfile(values.profile ? resolveProfile(values.profile) : config.rankingProfile);
const ranking = profile.ranking.creators;
type Body = Record<string, unknown>;
type Bool = { must: unknown[]; filter: unknown[] };

/** A variant renders a case's request, and says which part of the answer it keeps comparable. */
interface Variant {
  name: string;
  body: (params: SearchCreatorsParams, window: { from: number; size: number }) => Body;
  compares: 'both' | 'total' | 'ids';
}
const fromProfile = (name: string, r: CreatorRanking): Variant => ({
  name,
  body: (params, window) => creatorSearchBody(params, r, window),
  compares: 'both',
});
const live = fromProfile('live shape', ranking);
const OPTIONAL = ['literal', 'relaxed', 'fuzzy', 'prefix', 'exact', 'ids', 'hints', 'popularity', 'category'] as const;
const variants: Variant[] = [
  live,
  ...OPTIONAL.filter((kind) => ranking[kind]).map((kind) =>
    fromProfile(`without ${kind}`, { ...ranking, [kind]: undefined }),
  ),
  {
    name: 'counting only (size 0, every clause in filter context)',
    body: (params, window) => {
      const { must, filter } = (live.body(params, window).query as { bool: Bool }).bool;
      return { size: 0, track_total_hits: true, query: { bool: { filter: [...must, ...filter] } } };
    },
    compares: 'total',
  },
  {
    name: 'the page without an exact count (track_total_hits false)',
    body: (params, window) => ({ ...live.body(params, window), track_total_hits: false }),
    compares: 'ids',
  },
];

interface Answer {
  took: number;
  total?: number;
  ids: string;
}
async function send(index: string, body: Body): Promise<Answer> {
  const response = await fetch(
    ...directRequest(config.opensearch, `${searchPath(index)}?request_cache=false`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  const answer = (await response.json()) as {
    took: number;
    hits?: { total?: { value: number }; hits: { _id: string }[] };
  };
  if (!response.ok || !answer.hits) throw new Error(`${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return { took: answer.took, total: answer.hits.total?.value, ids: answer.hits.hits.map((h) => h._id).join() };
}

const log = (line: string) => console.log(line);
// Only the live load: the frozen shape is not priced here (0: no size is loaded as before).
const dataset = await prepareDataset(client, config.opensearch.nodes[0] as string, creators, log, 0);
const index = aliases(dataset.prefix).creators;
const mix = searchMix(dataset.dir);
const cases = mix.slice(0, limit || undefined);
const took = variants.map(() => 0);
const differ = variants.map(() => 0);
// The live shape's took against how many creators each request matches: what a search's cost grows with.
const matched: { took: number; total: number }[] = [];
log(`${cases.length} requests × ${variants.length} shapes at ${creators} creators...`);
for (const [i, c] of cases.entries()) {
  const params = SearchCreatorsParams.parse(c);
  const window = pageWindow({ page: params.page, pageSize: config.pageSize, depthLimit: config.searchDepthLimit });
  const answers: Answer[] = [];
  // The variants in an order that rotates from request to request.
  for (let k = 0; k < variants.length; k++) {
    const v = (i + k) % variants.length;
    answers[v] = await send(index, (variants[v] as Variant).body(params, window));
    took[v] = (took[v] ?? 0) + (answers[v] as Answer).took;
  }
  const base = answers[0] as Answer;
  matched.push({ took: base.took, total: base.total ?? 0 });
  for (const [v, variant] of variants.entries()) {
    const a = answers[v] as Answer;
    const sameTotal = variant.compares === 'ids' || a.total === base.total;
    const sameIds = variant.compares === 'total' || a.ids === base.ids;
    if (!(sameTotal && sameIds)) differ[v] = (differ[v] ?? 0) + 1;
  }
}

const mean = took.map((t) => t / cases.length);
const liveMean = mean[0] as number;
const rows = variants.map(
  (v, k) =>
    `| ${v.name} | ${(mean[k] as number).toFixed(2)} | ${((mean[k] as number) / liveMean).toFixed(2)} | ${differ[k]} |`,
);
const fit = leastSquares(matched.map((m) => [m.total, m.took]));
const totals = matched.map((m) => m.total);
const now = new Date();
const report = `# What each clause costs OpenSearch, ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC

Machine: ${machine()}; OpenSearch ${((await client.info()).body as { version: { number: string } }).version.number}, one node.
Data: ${creators.toLocaleString('en')} creators as bench:api loads them (\`${dataset.prefix}\`). Ranking profile ${profile.name} (${profile.version}).
Mix: ${cases.length === mix.length ? `bench:api's ${mix.length}` : `the first ${cases.length} of bench:api's ${mix.length} (a sample: the mix is shuffled)`} creator searches. Each went out once per shape, one request at a time, the shapes of a
request in an order that rotates from request to request; OpenSearch's request cache off. \`took\` is OpenSearch's own
time for the search, which on an idle node is about the CPU it spends.

| request shape | mean took, ms | × the live shape's | answers that differ (of ${cases.length}) |
|---|---|---|---|
${rows.join('\n')}

"Without" a kind renders the profile with that key removed: 1 minus its ratio is what that kind of clause costs.
Counting only compares totalFound; the page without an exact count compares the top ${config.pageSize}.

What the live shape's cost grows with: the requests match ${Math.round(totals.reduce((a, b) => a + b, 0) / totals.length).toLocaleString('en')} creators on average (median ${median(totals).toLocaleString('en')}), and a least-squares line through
(matches, took) gives took ≈ ${fit.intercept.toFixed(2)} ms + ${(fit.slope * 1e5).toFixed(2)} ms per 100,000 matches (r² ${fit.r2.toFixed(2)}).
`;
mkdirSync(values.out, { recursive: true });
const out = path.join(path.resolve(values.out), `clauses-${now.toISOString().slice(0, 16).replace(':', '')}.md`);
writeFileSync(out, report);
log(report);
log(`Wrote ${path.relative(process.cwd(), out)}`);
await client.close();
