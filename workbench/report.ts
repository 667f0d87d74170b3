// The comparison of two profiles as one HTML file an analyst can open, mail or attach to a pull request: styles and
// the chart are inline and nothing is fetched, so it reads the same offline and years later.
import { type Evaluation, K, METRIC_LABELS, METRICS, type Metrics, type QueryOutcome } from './evaluate.ts';
import { type Comparison, type PairedTest, pairQueries, type QueryPair } from './significance.ts';

/** Markup already built by `html`; anything else interpolated into it is text and gets escaped. */
class Markup {
  constructor(readonly text: string) {}
}
type Part = string | number | Markup | Markup[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const render = (part: Part): string =>
  part instanceof Markup
    ? part.text
    : Array.isArray(part)
      ? part.map((p) => p.text).join('')
      : escapeHtml(String(part));

// Queries, names and ids come from judgment files and the index: escaping every interpolation by default means a
// forgotten call cannot let a `<script>` in a query through.
function html(strings: TemplateStringsArray, ...parts: Part[]): Markup {
  return new Markup(strings.reduce((out, s, i) => out + s + (i < parts.length ? render(parts[i] as Part) : ''), ''));
}

/** Metrics where a rise is bad news. */
const LOWER_IS_BETTER = new Set<keyof Metrics>(['zero']);
const SIGNIFICANT = 0.05;
/** nDCG moves smaller than this are rounding, not a change. */
const SAME = 1e-9;

const figure = (value: number) => value.toFixed(3);
const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(3)}`;
const pValue = (p: number) => (p < 0.001 ? '<0.001' : p.toFixed(3));

/** "better", "worse" or "same" for a change of a metric, in the metric's own direction. */
function direction(metric: keyof Metrics, delta: number): 'better' | 'worse' | 'same' {
  if (Math.abs(delta) <= SAME) return 'same';
  return delta > 0 !== LOWER_IS_BETTER.has(metric) ? 'better' : 'worse';
}

const STYLE = `
:root { --better: #1a7f37; --worse: #cf222e; --same: #6e7781; --line: #d0d7de; --soft: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; margin: 0 auto;
  padding: 24px; max-width: 1280px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid var(--line); }
h3 { font-size: 16px; margin: 24px 0 8px; }
.muted, small { color: var(--same); }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 3px 8px; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
.summary thead th { background: var(--soft); }
.summary .metric { text-align: center; border-left: 2px solid var(--line); }
.summary .first { border-left: 2px solid var(--line); }
.summary tr.overall td { font-weight: 600; border-top: 2px solid #8c959f; }
.better { color: var(--better); } .worse { color: var(--worse); } .same { color: var(--same); }
.sig { font-weight: 700; }
.sig::after { content: "*"; }
.chart { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
.chart svg { border: 1px solid var(--line); background: #fff; }
.chart circle { fill-opacity: .55; stroke-width: .8; }
.chart circle.better { fill: var(--better); stroke: var(--better); }
.chart circle.worse { fill: var(--worse); stroke: var(--worse); }
.chart circle.same { fill: var(--same); stroke: var(--same); }
details.query { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; }
details.query > summary { cursor: pointer; padding: 6px 10px; background: var(--soft); border-radius: 6px; }
details.query[open] > summary { border-bottom: 1px solid var(--line); border-radius: 6px 6px 0 0; }
.delta { display: inline-block; min-width: 64px; font-weight: 700; font-variant-numeric: tabular-nums; }
.text { font-weight: 600; }
.tag { display: inline-block; padding: 0 6px; margin-left: 6px; border-radius: 10px; background: #ddf4ff; font-size: 12px; }
.tag.filter { background: #fff8c5; }
.body { padding: 8px 12px; }
.tops { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; margin-top: 8px; }
.tops h4 { margin: 4px 0; font-size: 13px; }
.tops ol { margin: 0; padding-left: 28px; }
.tops li { padding: 1px 4px; border-left: 4px solid transparent; margin: 1px 0; }
.tops li code { font-size: 12px; }
.grade { display: inline-block; width: 18px; text-align: center; border-radius: 3px; color: #fff; font-weight: 700;
  font-size: 12px; margin-right: 6px; }
.g3 { border-left-color: #1a7f37; background: #dafbe1; } .g3 .grade { background: #1a7f37; }
.g2 { border-left-color: #4ac26b; background: #eefcf1; } .g2 .grade { background: #4ac26b; }
.g1 { border-left-color: #d4a72c; background: #fff8c5; } .g1 .grade { background: #bf8700; }
.g0 { border-left-color: #cf222e; background: #ffebe9; } .g0 .grade { background: #cf222e; }
.gu .grade { background: #afb8c1; }
.move { float: right; font-size: 12px; color: var(--same); margin-left: 8px; }
.legend span { display: inline-block; margin-right: 14px; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 4px; }
`;

function profileName(e: Evaluation) {
  return html`<strong>${e.profile.name}</strong> <small>${e.profile.version}</small>`;
}

function testCells(metric: keyof Metrics, test: PairedTest): Markup {
  const significant = test.p < SIGNIFICANT;
  return html`<td class="first">${figure(test.meanA)}</td><td>${figure(test.meanB)}</td>
<td class="${direction(metric, test.delta)}">${signed(test.delta)}</td>
${significant ? html`<td class="sig" title="p < 0.05">${pValue(test.p)}</td>` : html`<td>${pValue(test.p)}</td>`}`;
}

function summaryTable(comparison: Comparison): Markup {
  const row = (name: string, tests: Record<keyof Metrics, PairedTest>, tr = html`<tr>`) =>
    html`${tr}<td>${name}</td><td>${tests.ndcg.n}</td>${METRICS.map((m) => testCells(m, tests[m]))}</tr>`;
  return html`<table class="summary">
<thead><tr><th rowspan="2">class</th><th rowspan="2">queries</th>
${METRICS.map((m) => html`<th class="metric" colspan="4">${METRIC_LABELS[m]}</th>`)}</tr>
<tr>${METRICS.map(() => html`<th class="first">A</th><th>B</th><th>Δ</th><th>p</th>`)}</tr></thead>
<tbody>${Object.entries(comparison.classes).map(([name, tests]) => row(name, tests))}
${row('overall', comparison.overall, html`<tr class="overall">`)}</tbody></table>`;
}

/** nDCG@10 of A (x) against B (y): points above the diagonal are queries B ranks better. */
function scatter(pairs: QueryPair[], a: Evaluation, b: Evaluation): Markup {
  const size = 360;
  const left = 56;
  const top = 16;
  const x = (v: number) => (left + v * size).toFixed(1);
  const y = (v: number) => (top + (1 - v) * size).toFixed(1);
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const points = pairs.map(({ a: qa, b: qb }) => {
    const change = direction('ndcg', qb.metrics.ndcg - qa.metrics.ndcg);
    const label = `${qa.query} (${qa.class}): ${figure(qa.metrics.ndcg)} → ${figure(qb.metrics.ndcg)}`;
    return html`<a href="#${anchor(qa)}"><circle class="${change}" cx="${x(qa.metrics.ndcg)}" cy="${y(qb.metrics.ndcg)}" r="4"><title>${label}</title></circle></a>`;
  });
  return html`<svg width="${left + size + 16}" height="${top + size + 48}" viewBox="0 0 ${left + size + 16} ${top + size + 48}" role="img" aria-label="nDCG@10 per query, A against B">
${ticks.map(
  (t) => html`<line x1="${x(t)}" y1="${y(0)}" x2="${x(t)}" y2="${y(1)}" stroke="#eaeef2"/>
<line x1="${x(0)}" y1="${y(t)}" x2="${x(1)}" y2="${y(t)}" stroke="#eaeef2"/>
<text x="${x(t)}" y="${top + size + 16}" font-size="11" text-anchor="middle" fill="#57606a">${t}</text>
<text x="${left - 6}" y="${Number(y(t)) + 4}" font-size="11" text-anchor="end" fill="#57606a">${t}</text>`,
)}
<rect x="${x(0)}" y="${y(1)}" width="${size}" height="${size}" fill="none" stroke="#8c959f"/>
<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#8c959f" stroke-dasharray="4 4"/>
<text x="${x(0.03)}" y="${y(0.95)}" font-size="12" fill="#1a7f37">B better ↖</text>
<text x="${x(0.97)}" y="${y(0.04)}" font-size="12" fill="#cf222e" text-anchor="end">↘ A better</text>
${points}
<text x="${left + size / 2}" y="${top + size + 36}" font-size="12" text-anchor="middle">nDCG@10 of A (${a.profile.name})</text>
<text transform="translate(16 ${top + size / 2}) rotate(-90)" font-size="12" text-anchor="middle">nDCG@10 of B (${b.profile.name})</text>
</svg>`;
}

const anchor = (q: QueryOutcome) => `query-${q.key}`;

function gradeClass(grade: number | null) {
  return grade === null ? 'gu' : `g${grade}`;
}

/** A top 10, each result marked with where it stands in the other profile's top 10. */
function topList(own: QueryOutcome['top'], other: QueryOutcome['top'], isB: boolean): Markup {
  if (!own.length) return html`<p class="muted">no results</p>`;
  const otherRank = new Map(other.map((t, i) => [t.id, i]));
  return html`<ol>${own.map((t, i) => {
    const there = otherRank.get(t.id);
    const [move, why] =
      there === undefined
        ? isB
          ? ['new', `not in A's top ${K}`]
          : ['out', `not in B's top ${K}`]
        : !isB || there === i
          ? ['', '']
          : there > i
            ? [`↑${there - i}`, `#${there + 1} in A`]
            : [`↓${i - there}`, `#${there + 1} in A`];
    return html`<li class="${gradeClass(t.grade)}"><span class="grade" title="${t.grade === null ? 'not judged' : `grade ${t.grade}`}">${t.grade ?? '–'}</span><code>${t.id}</code> ${t.name}<span class="move" title="${why}">${move}</span></li>`;
  })}</ol>`;
}

function queryBlock({ a: qa, b: qb }: QueryPair, a: Evaluation, b: Evaluation, open: boolean): Markup {
  const delta = qb.metrics.ndcg - qa.metrics.ndcg;
  const filters = Object.entries(qa.filters ?? {}).map(
    ([k, v]) => html`<span class="tag filter">${k}=${String(v)}</span>`,
  );
  const unknown = [...new Set([...qa.unknownIds, ...qb.unknownIds])];
  const metricRow = (label: Markup, q: QueryOutcome) =>
    html`<tr><td>${label}</td>${METRICS.map((m) => html`<td>${figure(q.metrics[m])}</td>`)}</tr>`;
  return html`<details class="query" id="${anchor(qa)}"${new Markup(open ? ' open' : '')}>
<summary><span class="delta ${direction('ndcg', delta)}" title="nDCG@10 of B − A">${signed(delta)}</span> <span class="text">${qa.query}</span><span class="tag">${qa.class}</span><span class="tag">${qa.target}</span>${filters}</summary>
<div class="body">
<p class="muted">${qa.source}${unknown.length ? ` · rated ids not in the loaded data: ${unknown.join(', ')}` : ''}</p>
<table><thead><tr><th></th>${METRICS.map((m) => html`<th>${METRIC_LABELS[m]}</th>`)}</tr></thead>
<tbody>${metricRow(html`A ${a.profile.name}`, qa)}${metricRow(html`B ${b.profile.name}`, qb)}
<tr><td>Δ</td>${METRICS.map((m) => html`<td class="${direction(m, qb.metrics[m] - qa.metrics[m])}">${signed(qb.metrics[m] - qa.metrics[m])}</td>`)}</tr></tbody></table>
<div class="tops">
<div><h4>A ${a.profile.name}</h4>${topList(qa.top, qb.top, false)}</div>
<div><h4>B ${b.profile.name}</h4>${topList(qb.top, qa.top, true)}</div>
</div></div></details>`;
}

export interface ReportOptions {
  /** When the comparison ran (ISO); B's evaluation time unless given. */
  at?: string;
}

/** The whole report: summary with p-values, the per-query chart, then every query, those B made worse first. */
export function compareReport(a: Evaluation, b: Evaluation, comparison: Comparison, options: ReportOptions = {}) {
  const pairs = pairQueries(a, b);
  const change = (p: QueryPair) => p.b.metrics.ndcg - p.a.metrics.ndcg;
  const worse = pairs.filter((p) => change(p) < -SAME).sort((x, y) => change(x) - change(y));
  const same = pairs.filter((p) => Math.abs(change(p)) <= SAME);
  const better = pairs.filter((p) => change(p) > SAME).sort((x, y) => change(y) - change(x));
  const at = (options.at ?? b.at).replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  const group = (title: string, list: QueryPair[], open: boolean, note: string) =>
    html`<h3>${title} (${list.length})</h3>${list.length ? html`<p class="muted">${note}</p>` : html``}${list.map((p) => queryBlock(p, a, b, open))}`;
  const swatch = (css: string, label: string, count: number) =>
    html`<span><span class="swatch" style="background: var(--${css})"></span>${label}: ${count}</span>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${a.profile.name} vs ${b.profile.name}: relevance comparison</title>
<style>${new Markup(STYLE)}</style>
</head>
<body>
<header>
<h1>A ${profileName(a)} vs B ${profileName(b)}</h1>
<p class="muted">${at} · ${pairs.length} judged queries · A: ${a.profile.file} · B: ${b.profile.file}</p>
</header>
<h2>Per class and overall</h2>
${summaryTable(comparison)}
<p class="muted">Δ is B − A, green where B is better (for zero-result, lower is better). p: ${comparison.method},
${comparison.resamples.toLocaleString('en')} resamples (exact when few queries differ); <span class="sig">bold</span> where
p &lt; 0.05. Many classes × ${METRICS.length} metrics means some p &lt; 0.05 will turn up by chance: trust consistent moves, and
the overall row most.</p>
<h2>nDCG@10 per query</h2>
<div class="chart">
${scatter(pairs, a, b)}
<div>
<p class="legend">${swatch('worse', 'worse in B', worse.length)}${swatch('same', 'unchanged', same.length)}${swatch('better', 'better in B', better.length)}</p>
<p class="muted">One point per judged query: A's nDCG@10 across, B's up. Points on the dashed diagonal did not move;<br>
many queries can share a point (often 0,0 or 1,1). Hover for the query, click to jump to it.</p>
</div>
</div>
<h2>Queries</h2>
<p class="muted">Each result shows its grade (– not judged) and, in B's list, how it moved from A's top ${K} (new: not in it); in A's list, out: gone from B's.</p>
${group('Worse in B', worse, true, 'Largest nDCG@10 drop first.')}
${group('Unchanged nDCG@10', same, false, 'Closed: open one to see its results (the order may still differ).')}
${group('Better in B', better, true, 'Largest nDCG@10 gain first.')}
</body>
</html>
`.text;
}
