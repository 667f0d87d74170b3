// `explain "query"`: the API's own request for a query, sent once with explain on, and each top result's score
// taken apart per field, so an analyst sees which knob of the profile put a result where it is.
import { z } from 'zod';
import { readArgs, UsageError } from '../common/cli.ts';
import { type Judgment, searchParams } from '../common/judgments.ts';
import { SearchCreatorsParams } from '../src/contract/params.ts';
import type { Workbench } from './context.ts';
import { nearestFor, renderRequest, SHOWN_ID } from './evaluate.ts';
import { attribute, type Explanation, type Part } from './explanation.ts';

/** Each explained hit is a few kilobytes of tree; more than a few pages is no longer something to read. */
const MAX_SIZE = 100;
/** Below this a part or a residual does not show at three decimals. */
const VISIBLE = 5e-4;

/** The field holding the id the API shows for a document of each search. */

interface Label {
  text: string;
  /** Term-like clauses score a constant; the explanation marks them so, which tells two clauses on one field apart. */
  constant: boolean;
}

const withBoost = (text: string, boost: unknown) =>
  typeof boost === 'number' && boost !== 1 ? `${text}^${boost}` : text;

/**
 * What the request asks of each field, as "query type^boost" (cross_fields^3, fuzzy, term^10, rank_feature^1.5),
 * read from the body itself so a change to the query builder shows here without a change to this file.
 */
export function clauseLabels(query: unknown): Map<string, Label[]> {
  const labels = new Map<string, Label[]>();
  const add = (field: string, label: Label) => labels.set(field, [...(labels.get(field) ?? []), label]);
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const clause = (value ?? {}) as Record<string, unknown>;
      if (key === 'filter' || key === 'must_not') continue;
      if (key === 'multi_match') {
        for (const spec of (clause.fields as string[] | undefined) ?? []) {
          const [field = spec, boost] = spec.split('^');
          add(field, {
            text: withBoost(String(clause.type ?? 'best_fields'), boost && Number(boost)),
            constant: false,
          });
        }
      } else if (key === 'match' || key === 'match_phrase' || key === 'match_bool_prefix') {
        for (const [field, options] of Object.entries(clause)) {
          const o = (typeof options === 'object' && options ? options : {}) as Record<string, unknown>;
          add(field, { text: withBoost(o.fuzziness === undefined ? key : 'fuzzy', o.boost), constant: false });
        }
      } else if (key === 'term' || key === 'terms' || key === 'range') {
        for (const [field, options] of Object.entries(clause)) {
          if (field === 'boost') continue;
          const o = (typeof options === 'object' && options && !Array.isArray(options) ? options : {}) as Record<
            string,
            unknown
          >;
          add(field, { text: withBoost(key, o.boost ?? clause.boost), constant: true });
        }
      } else if (key === 'rank_feature') {
        add(String(clause.field), { text: withBoost('rank_feature', clause.boost), constant: false });
      } else if (key === 'knn') {
        for (const [field, options] of Object.entries(clause)) {
          const o = options as Record<string, unknown>;
          const ef = (o.method_parameters as { ef_search?: number } | undefined)?.ef_search;
          const reach = o.k === undefined ? `min_score ${o.min_score}` : `k ${o.k}${ef ? `, ef ${ef}` : ''}`;
          add(field, { text: withBoost(`knn (${reach}, by meaning)`, o.boost), constant: false });
        }
      } else visit(value);
    }
  };
  visit(query);
  return labels;
}

function labelFor(labels: Map<string, Label[]>, part: Part): string {
  if (part.field === undefined) return '';
  const all = labels.get(part.field) ?? [];
  const fitting = all.filter((l) => l.constant === (part.kind === 'constant'));
  return [...new Set((fitting.length ? fitting : all).map((l) => l.text))].join(', ');
}

/** "country=US" → ["country", "US"]; the API's own schema checks names and values once all are read. */
function parseFilters(specs: string[]): Record<string, string> | undefined {
  if (!specs.length) return undefined;
  const known = Object.keys(SearchCreatorsParams.shape).filter((name) => name !== 'query' && name !== 'page');
  const filters: Record<string, string> = {};
  for (const spec of specs) {
    const at = spec.indexOf('=');
    const name = spec.slice(0, at).trim();
    if (at < 1 || !name) throw new UsageError(`--filter ${spec}: give name=value, e.g. --filter country=US`);
    if (!known.includes(name))
      throw new UsageError(`--filter ${name}: not a search parameter; one of ${known.join(', ')}`);
    filters[name] = spec.slice(at + 1);
  }
  return filters;
}

function parseSize(text: string | undefined): number {
  if (text === undefined) return 10;
  const size = Number(text);
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) throw new UsageError(`--size ${text}: 1 to ${MAX_SIZE}`);
  return size;
}

interface Hit {
  _score: number | null;
  _source?: Record<string, unknown>;
  _explanation?: Explanation;
  sort?: unknown[];
}

interface Row {
  name: string;
  value: number;
  label: string;
}

/** One line per field that scored, largest first, and "other" for what no field explains (float rounding aside). */
function rows(tree: Explanation, labels: Map<string, Label[]>): Row[] {
  const { parts, residual } = attribute(tree);
  const named = parts.filter((p) => p.field !== undefined).sort((a, b) => b.value - a.value);
  const other = residual + parts.filter((p) => p.field === undefined).reduce((sum, p) => sum + p.value, 0);
  const lines = named.map((p) => ({
    name: p.kind === 'other' ? `${p.field} (other)` : String(p.field),
    value: p.value,
    label: labelFor(labels, p),
  }));
  if (Math.abs(other) >= VISIBLE) lines.push({ name: 'other', value: other, label: 'not attributed to a field' });
  return lines;
}

/** "cooking" on creators with country=US, profile default (…): 1627 matches, top 10 */
function heading(query: string, target: string, filters: Record<string, string> | undefined, rest: string) {
  const given = Object.entries(filters ?? {}).map(([name, value]) => `${name}=${value}`);
  return `"${query}" on ${target}${given.length ? ` with ${given.join(', ')}` : ''}, ${rest}`;
}

function matchCount(total: unknown): string {
  if (typeof total === 'number') return `${total} match${total === 1 ? '' : 'es'}`;
  const { value, relation } = (total ?? {}) as { value?: number; relation?: string };
  return value === undefined ? '? matches' : `${value}${relation === 'gte' ? '+' : ''} match${value === 1 ? '' : 'es'}`;
}

/** Checks the query and filters as the API would, with messages that name the flag to fix. */
function checkSearch(query: string, filters: Record<string, string> | undefined) {
  try {
    searchParams({ query, filters });
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    const flag = (p: PropertyKey[]) => (p[0] === 'query' ? 'query' : `--filter ${p.join('.')}`);
    throw new UsageError(error.issues.map((i) => `${flag(i.path)}: ${i.message}`).join('; '));
  }
}

export async function explainCommand(bench: Workbench, args: string[]) {
  const { values, positionals } = readArgs({
    args,
    allowPositionals: true,
    options: {
      profile: { type: 'string' },
      filter: { type: 'string', multiple: true },
      size: { type: 'string' },
      sponsors: { type: 'boolean' },
    },
  });
  const [query, ...extra] = positionals;
  if (!query?.trim() || extra.length) throw new UsageError('explain takes one query, quoted');
  const target = values.sponsors ? 'sponsors' : 'creators';
  const filters = parseFilters(values.filter ?? []);
  if (filters && target === 'sponsors') throw new UsageError('sponsor search takes no filters');
  if (target === 'creators') checkSearch(query, filters);
  const size = parseSize(values.size);

  const profile = bench.profile(values.profile);
  const judgment: Judgment = { query, class: 'explain', target, filters, ratings: {}, source: 'explain' };
  const nearest = await nearestFor(judgment, profile, await bench.vectors());
  const request = renderRequest(judgment, profile, bench.settings, bench.config.pageSize, nearest);
  const shown = SHOWN_ID[target];
  // A copy: the rendered body stays exactly the API's, and only what explaining needs is added to this one.
  const body = {
    ...request.body,
    from: 0,
    size,
    explain: true,
    track_scores: true,
    _source: [shown, 'name'],
    stored_fields: undefined,
  };
  const { body: response } = await bench.client.search({ index: request.index, body });
  const hits = response.hits.hits as Hit[];

  const labels = clauseLabels(request.body.query);
  const firstSort = Object.keys((request.body.sort as Record<string, unknown>[] | undefined)?.[0] ?? {})[0];
  const orderedBy = firstSort && firstSort !== '_score' ? firstSort : undefined;
  const explained = hits.map((hit) => ({
    id: String(hit._source?.[shown] ?? '?'),
    title: `${String(hit._source?.name ?? '')}  (${orderedBy ? `${orderedBy} ${hit.sort?.[0]}, ` : ''}score ${(hit._score ?? 0).toFixed(3)})`,
    score: hit._score ?? 0,
    rows: hit._explanation ? rows(hit._explanation, labels) : [],
  }));

  const idWidth = Math.max(0, ...explained.map((e) => e.id.length));
  const nameWidth = Math.max(0, ...explained.flatMap((e) => e.rows.map((r) => r.name.length)));
  const rest = `profile ${profile.name} (${profile.version}): ${matchCount(response.hits.total)}, top ${hits.length}`;
  const lines = [heading(query, target, filters, rest)];
  if (orderedBy) lines.push(`Ordered by ${orderedBy} first: scores only break its ties.`);
  for (const [i, e] of explained.entries()) {
    lines.push('', `${String(i + 1).padStart(3)}. ${e.id.padEnd(idWidth)}  ${e.title}`);
    for (const r of e.rows) {
      const share = e.score ? `${((100 * r.value) / e.score).toFixed(0)}%` : '';
      const line = `       ${r.name.padEnd(nameWidth)}  ${r.value.toFixed(3).padStart(8)}  ${share.padStart(4)}  ${r.label}`;
      lines.push(line.trimEnd());
    }
  }
  lines.push(
    '',
    'Per field: what it added to the score (dis_max and cross_fields groups count their best field in full, the others',
    "times the tie-breaker); then the request's clauses on that field, as type^boost. embedding is the semantic part:",
    'boost × (1 + cosine) / 2 for each of the k creators nearest the query in meaning (docs/semantic.md).',
  );
  console.log(lines.join('\n'));
}
