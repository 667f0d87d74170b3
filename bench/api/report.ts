// The benchmark's result file: every figure as measured, medians over rounds with the rounds' range beside them.
import type { Figures, OpenLoopFigures } from './load.ts';
import type { Recall } from './recall.ts';
import { median, spread } from './stats.ts';

/** One data size in one layout: closed-loop rounds by target name, open-loop levels, lookups. */
export interface SizeResult {
  creators: number;
  layout: string;
  rounds: Record<string, Figures>[];
  /** Whole passes of the mix each target sent per closed-loop round, by target name. */
  passes: Record<string, number>;
  /** Per offered rate, rounds of direct and each process in front of OpenSearch, by target name. */
  open: { share: number; rate: number; rounds: Record<string, OpenLoopFigures>[] }[];
  lookups: { kind: string; direct: { p50: number; p99: number }; api: { p50: number; p99: number } }[];
  /** The metered API at 50% and 150% of its closed-loop rate (`rate`), and the credits each 150% load cost. */
  overload?: { rate: number; rounds: { half: OpenLoopFigures; over: OpenLoopFigures; charged: number }[] };
  /** The live load's wall seconds (when known) and the creators index's primary store, bytes. */
  loadSeconds?: number;
  indexBytes: number;
  /** bench:api --semantic: CPU ms (and wall ms) to embed each distinct query of the mix once, one at a time. */
  embedding?: { queries: number; p50: number; p99: number; wallP50: number; othersCores: number };
  /** bench:api --semantic: the k-NN search's recall@10 against exact search, over the same queries. */
  recall?: Recall;
}

export const BEFORE = 'before: frozen shape, unmerged index';
export const LIVE = 'live: OpenSearch direct';
export const API = 'API, metered key';
export const OPEN = 'API, ACCESS_DISABLED';
export const BARE = 'bare Node proxy';
/** bench/lean-api.ts: the search work every call needs (validation, query, answer, page) and nothing else. */
export const LEAN = 'Fastify, search work only';
/** bench:api --semantic: the metered API with semantic search on, beside the lexical one (API, SEMANTIC=off). */
export const SEMANTIC_API = `${API}, SEMANTIC=on`;
/** bench:api --facets: the same metered API process and searches, each asking for every creator facet. */
export const FACETS = 'niche,country,language,size,format';
export const FACETED = `${API}, facets=${FACETS}`;

const f = (x: number, digits = 1) => x.toFixed(digits);
const med = (r: SizeResult, target: string, pick: (x: Figures) => number) =>
  median(r.rounds.map((round) => pick(round[target] as Figures)));
const ratios = (r: SizeResult, pick: (round: Record<string, Figures>) => number) => r.rounds.map(pick);
const perCore = (x: Figures) => 1000 / x.opensearchCpu;

function searchTable(results: SizeResult[]): string {
  const rows = results
    .filter((r) => r.rounds.every((round) => round[BEFORE]))
    .map((r) => {
      const speedUp = ratios(
        r,
        (round) => (round[BEFORE] as Figures).opensearchCpu / (round[LIVE] as Figures).opensearchCpu,
      );
      return `| ${r.creators.toLocaleString('en')} | ${r.layout} | ${f(med(r, BEFORE, perCore), 0)} | ${f(med(r, LIVE, perCore), 0)} | ${spread(speedUp, 2)} | ${f(
        med(r, BEFORE, (x) => x.rps),
        0,
      )} → ${f(
        med(r, LIVE, (x) => x.rps),
        0,
      )} | ${f(med(r, BEFORE, (x) => x.p50))} → ${f(med(r, LIVE, (x) => x.p50))} | ${f(med(r, BEFORE, (x) => x.p99))} → ${f(med(r, LIVE, (x) => x.p99))} |`;
    });
  return [
    '| creators | layout | before: searches/s per OpenSearch core | live: searches/s per OpenSearch core | speed-up (median, rounds) | req/s before → live | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The metered API of another revision (bench:api --baseline), measured in the same rounds as today's. */
export const baselineName = (revision: string) => `${API}, revision ${revision}`;

function apiTable(results: SizeResult[]): string {
  const rows = results.flatMap((r) =>
    [
      API,
      SEMANTIC_API,
      FACETED,
      ...Object.keys(r.rounds[0] ?? {}).filter((name) => name.startsWith(`${API}, revision`)),
      OPEN,
      LEAN,
      BARE,
    ]
      .filter((name) => r.rounds[0]?.[name])
      .map((name) => {
        const ratio = ratios(r, (round) => (round[name] as Figures).rps / (round[LIVE] as Figures).rps);
        const p99 = ratios(r, (round) => (round[name] as Figures).p99 - (round[LIVE] as Figures).p99);
        const toBare = r.rounds[0]?.[BARE]
          ? spread(
              ratios(r, (round) => (round[name] as Figures).frontCpu / (round[BARE] as Figures).frontCpu),
              2,
            )
          : '';
        return `| ${r.creators.toLocaleString('en')} | ${r.layout} | ${name} | ${f(
          med(r, LIVE, (x) => x.rps),
          0,
        )} | ${f(
          med(r, name, (x) => x.rps),
          0,
        )} | ${spread(ratio, 2)} | ${spread(p99, 1)} | ${f(
          med(r, name, (x) => x.frontCpu),
          2,
        )} | ${toBare} | ${f(
          med(r, name, (x) => x.opensearchCpu),
          2,
        )} |`;
      }),
  );
  return [
    "| creators | layout | in front of OpenSearch | direct req/s | req/s | ratio to direct (median, rounds) | p99 − direct p99, ms | its CPU ms/call | its CPU / the bare proxy's (median, rounds) | OpenSearch CPU ms/call |",
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function openTable(results: SizeResult[]): string {
  const rows = results.flatMap((r) =>
    r.open.flatMap(({ share, rate, rounds }) => {
      const pick = (name: string, x: keyof OpenLoopFigures) =>
        rounds.map((round) => (round[name] as OpenLoopFigures)[x]);
      const cell = (name: string) => `${f(median(pick(name, 'p50')))} / ${f(median(pick(name, 'p99')))}`;
      const shed = (name: string) => pick(name, 'shed').join(', ');
      return Object.keys(rounds[0] ?? {})
        .filter((name) => name !== LIVE)
        .map((name) => {
          const p99 = rounds.map(
            (round) => (round[name] as OpenLoopFigures).p99 - (round[LIVE] as OpenLoopFigures).p99,
          );
          return `| ${r.creators.toLocaleString('en')} | ${r.layout} | ${rate}/s (${f(share * 100, 0)}% of direct's maximum) | ${name} | ${cell(LIVE)} | ${cell(name)} | ${spread(p99, 1)} | ${shed(name)} |`;
        });
    }),
  );
  return [
    '| creators | layout | offered rate | in front of OpenSearch | direct p50 / p99 ms | its p50 / p99 ms (served) | its p99 − direct p99, ms (median, rounds) | shed (503), per round |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function overloadTable(results: SizeResult[]): string {
  const rows = results
    .filter((r) => r.overload)
    .map((r) => {
      const { rate, rounds } = r.overload as NonNullable<SizeResult['overload']>;
      const pick = (x: (round: (typeof rounds)[number]) => number) => rounds.map(x);
      const shedShare = pick(({ over }) => over.shed / (over.served + over.shed));
      const tail = pick(({ half, over }) => over.p99 / half.p99);
      const free = rounds.every(({ over, charged }) => charged === over.served);
      return `| ${r.creators.toLocaleString('en')} | ${r.layout} | ${rate}/s | ${f(median(pick(({ half }) => half.p50)))} / ${f(median(pick(({ half }) => half.p99)))} | ${f(median(pick(({ over }) => over.p50)))} / ${f(median(pick(({ over }) => over.p99)))} | ${spread(tail, 2)} | ${spread(shedShare, 2)} | ${rounds.map(({ over, charged }) => `${over.served} / ${charged}`).join(', ')} (${free ? 'every shed call free' : 'MISMATCH'}) |`;
    });
  return [
    "| creators | layout | API's maximum (closed loop) | at 50%: served p50 / p99 ms | at 150%: served p50 / p99 ms | p99 at 150% / at 50% (median, rounds) | share shed at 150% | served / credits charged at 150%, per round |",
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function semanticTable(results: SizeResult[]): string {
  const rows = results
    .filter((r) => r.rounds[0]?.[SEMANTIC_API] && r.embedding)
    .map((r) => {
      const ratio = ratios(r, (round) => (round[SEMANTIC_API] as Figures).rps / (round[API] as Figures).rps);
      const e = r.embedding as NonNullable<SizeResult['embedding']>;
      return `| ${r.creators.toLocaleString('en')} | ${r.layout} | ${f(
        med(r, API, (x) => x.rps),
        0,
      )} | ${f(
        med(r, SEMANTIC_API, (x) => x.rps),
        0,
      )} | ${spread(ratio, 2)} | ${f(
        med(r, API, (x) => x.frontCpu),
        2,
      )} → ${f(
        med(r, SEMANTIC_API, (x) => x.frontCpu),
        2,
      )} | ${f(
        med(r, API, (x) => x.opensearchCpu),
        2,
      )} → ${f(
        med(r, SEMANTIC_API, (x) => x.opensearchCpu),
        2,
      )} | ${f(e.p50, 2)} / ${f(e.p99, 2)} (wall p50 ${f(e.wallP50, 2)}; ${e.queries} queries; other processes ${f(e.othersCores, 2)} cores) |`;
    });
  const recalls = results
    .filter((r) => r.recall)
    .map((r) => {
      const { queries, k, efSearch, efSearchFiltered, recallAt10, worst, filtered } = r.recall as Recall;
      const ef = (value: number | undefined) => value ?? "the index's (100)";
      return `| ${r.creators.toLocaleString('en')} | ${r.layout} | ${queries} | ${k} | ${ef(efSearch)} / ${ef(efSearchFiltered)} | ${f(recallAt10, 3)} (worst ${f(worst, 1)}) | ${filtered.filter}: ${f(filtered.recallAt10, 3)} (worst ${f(filtered.worst, 1)}) |`;
    });
  return [
    '| creators | layout | lexical API req/s | SEMANTIC=on req/s | ratio (median, rounds) | API CPU ms/call | OpenSearch CPU ms/call | query embedding CPU p50 / p99 ms |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    "Recall@10 of the k-NN clause (HNSW, the profile's k, and the ef_search it asks of an index this size) against exact search (`knn_score` over every creator), each distinct query embedded above:",
    '',
    '| creators | layout | queries | k | ef_search plain / filtered | recall@10 | under a filter |',
    '|---|---|---|---|---|---|---|',
    ...recalls,
  ].join('\n');
}

function lookupTable(results: SizeResult[]): string {
  const rows = results.flatMap((r) =>
    r.lookups.map(
      (l) =>
        `| ${r.creators.toLocaleString('en')} | ${r.layout} | ${l.kind} | ${f(l.direct.p50, 2)} / ${f(l.direct.p99, 2)} | ${f(l.api.p50, 2)} / ${f(l.api.p99, 2)} |`,
    ),
  );
  return [
    '| creators | layout | lookup | direct p50 / p99 ms | API p50 / p99 ms |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export interface Report {
  header: string;
  results: SizeResult[];
  soak?: string;
  /** How cost grows with the data (growth.ts), when more than one size was measured. */
  growth?: string;
}

function passesLine(results: SizeResult[]): string {
  const sizes = results.map(
    (r) =>
      `${r.creators.toLocaleString('en')} ${r.layout}: ${Object.entries(r.passes)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}`,
  );
  return `Passes of the mix per target and round: ${sizes.join('; ')}.`;
}

/** bench:api --facets: what counting every facet adds to each search, within each round. */
function facetsLine(results: SizeResult[]): string {
  const lines = results
    .filter((r) => r.rounds[0]?.[FACETED])
    .map((r) => {
      const cpu = ratios(
        r,
        (round) => (round[FACETED] as Figures).opensearchCpu / (round[API] as Figures).opensearchCpu,
      );
      const rps = ratios(r, (round) => (round[FACETED] as Figures).rps / (round[API] as Figures).rps);
      return `- ${r.creators.toLocaleString('en')} ${r.layout}: OpenSearch CPU ms per search with facets / without ${spread(cpu, 2)}; req/s with / without ${spread(rps, 2)}.`;
    });
  return lines.length
    ? `\n\nFacets (\`facets=${FACETS}\` on every search of the mix, same API process, same rounds):\n${lines.join('\n')}`
    : '';
}

export function renderReport({ header, results, soak, growth }: Report): string {
  return `${header}

## Creator search: the replaced request shape against the live one (closed loop)

Searches/s per OpenSearch core is 1000 / OpenSearch's CPU ms per search, so it does not depend on how busy the
load generator kept it. The speed-up is the ratio of the two within each round.

${searchTable(results)}

${passesLine(results)}

## The API in front of OpenSearch (closed loop, the live requests)

At the smallest size, beside the API: the bare Node proxy, which forwards the prepared request and its answer as
they are (the floor of any process in front of OpenSearch), and ${LEAN} (bench/lean-api.ts: the parameters
validated, the query built, the answer read and the page written by the API's own code, and nothing else). CPU
against the bare proxy's is taken within each round.

${apiTable(results)}${facetsLine(results)}

## Open loop: latency at the same offered load

Requests leave at a fixed rate and latency counts from when each was due. Each round loads direct and every
process in front of OpenSearch in turn, starting with another each round; the difference is taken within a round.

${openTable(results)}
${
  results.some((r) => r.overload)
    ? `
## Overload: the metered API past its maximum (open loop)

At 50% and then 150% of the metered API's closed-loop rate, in rounds; latencies are the served calls' (200),
counted from when each was due. While a queue of searches stands (src/http/load-shedding.ts), calls are answered
503 before their check. Credits charged are the account's balance before the 150% load less after it, once refunds settled.

${overloadTable(results)}
`
    : ''
}
${
  results.some((r) => r.embedding)
    ? `## Semantic search: SEMANTIC=on against the lexical API (closed loop, same rounds)

Both metered, on the same index (with vectors), in the same rounds. The API keeps the last 10,000 queries' vectors,
so after the warm-up every query of the mix is embedded already: the ratio is the cost of the k-NN clause and the
cache. The embedding itself is measured apart: each distinct query of the mix once, one at a time, on one thread of
this process (the code the API runs, pinned like the API), in CPU time, with the wall time's median beside it.

${semanticTable(results)}

`
    : ''
}## Lookups (sequential, one connection)

Direct: a creator or sponsor by id (GET), or for \`similar\` the lookalikes' own search (the creator's stored vector
read beforehand); the API's lookalikes read the creator first, then search.

${lookupTable(results)}
${soak ? `\n## Memory under load\n\n${soak}\n` : ''}${growth ? `\n${growth}` : ''}`;
}
