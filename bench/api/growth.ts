// How the cost of creator search grows with the data: one row per size and layout (load time, index size,
// searches/s per OpenSearch core, latency at half of direct's maximum rate), and the same figures against size drawn
// as an SVG by the benchmark itself, so the chart beside a report is always the report's own figures.
import { xmlText } from './flame-graph.ts';
import type { Figures, OpenLoopFigures } from './load.ts';
import { API, LIVE, type SizeResult } from './report.ts';
import { median } from './stats.ts';

/** The figures of one size in one layout, each a median over the rounds. */
export interface GrowthPoint {
  creators: number;
  layout: string;
  loadSeconds: number | undefined;
  /** The creators index's primary store, MiB. */
  indexMb: number;
  /** 1000 / OpenSearch's CPU ms per search, direct, closed loop. */
  perCore: number;
  opensearchCpuMs: number;
  /** Open loop at 50% of direct's maximum: direct's and the metered API's p50 and p99, ms. */
  half: { direct: { p50: number; p99: number }; api: { p50: number; p99: number } } | undefined;
}

export function growthPoints(results: SizeResult[]): GrowthPoint[] {
  return results.map((r) => {
    const cpu = median(r.rounds.map((round) => (round[LIVE] as Figures).opensearchCpu));
    const open = r.open.find((o) => o.share === 0.5);
    const tail = (name: string, q: 'p50' | 'p99') =>
      median((open?.rounds ?? []).map((round) => (round[name] as OpenLoopFigures)[q]));
    return {
      creators: r.creators,
      layout: r.layout,
      loadSeconds: r.loadSeconds,
      indexMb: r.indexBytes / 1024 / 1024,
      perCore: 1000 / cpu,
      opensearchCpuMs: cpu,
      half: open && {
        direct: { p50: tail(LIVE, 'p50'), p99: tail(LIVE, 'p99') },
        api: { p50: tail(API, 'p50'), p99: tail(API, 'p99') },
      },
    };
  });
}

/** The report's section: the table, and the chart written beside it (`chart`, a file name in the report's folder). */
export function growthSection(points: GrowthPoint[], chart: string): string {
  return `## How cost grows with the data

The live load of each size (its wall time, from the run that loaded it when a later run reused it), the creators
index's primary store on disk, OpenSearch's CPU per search direct in the closed loop (medians of the rounds), and
the open loop at 50% of direct's maximum rate. The same figures against size: [${chart}](${chart}).

${growthTable(points)}

![How cost grows with the data](${chart})
`;
}

const f = (x: number | undefined, digits = 1) => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(digits));

export function growthTable(points: GrowthPoint[]): string {
  // Each layout's fewest creators, whatever order the sizes were given in.
  const smallest = new Map<string, GrowthPoint>();
  for (const p of points) if (p.creators < (smallest.get(p.layout)?.creators ?? Infinity)) smallest.set(p.layout, p);
  const rows = points.map((p) => {
    const base = smallest.get(p.layout) as GrowthPoint;
    return `| ${p.creators.toLocaleString('en')} | ${p.layout} | ${f(p.loadSeconds, 0)} | ${f(p.indexMb, 0)} | ${f(p.perCore, 0)} | ${f(p.opensearchCpuMs, 2)} (${f(p.opensearchCpuMs / base.opensearchCpuMs, 2)}×) | ${f(p.half?.direct.p50)} / ${f(p.half?.direct.p99)} | ${f(p.half?.api.p50)} / ${f(p.half?.api.p99)} |`;
  });
  return [
    "| creators | layout | live load, s | creators index, MiB | searches/s per OpenSearch core | OpenSearch CPU ms per search (× the smallest size's) | at 50% of direct's maximum: direct p50 / p99 ms | metered API p50 / p99 ms |",
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

const WIDTH = 880;
const PANEL = { width: 400, height: 230, left: 64, top: 40 };
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd'];

interface Series {
  name: string;
  layout: string;
  dashed?: boolean;
  points: { x: number; y: number }[];
}

/**
 * One panel: creators on a log axis spanning every size measured (a size whose figure is unknown keeps its place),
 * the figure on a linear one from 0, a line per series.
 */
function panel(
  title: string,
  unit: string,
  series: Series[],
  at: { x: number; y: number },
  colourOf: (s: Series) => string,
) {
  const all = series.flatMap((s) => s.points).filter((p) => Number.isFinite(p.y));
  if (all.length === 0) return '';
  const sizes = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const [x0, x1] = [Math.log10(sizes[0] as number), Math.log10(sizes.at(-1) as number)];
  const top = niceCeiling(Math.max(...all.map((p) => p.y)));
  const w = PANEL.width - PANEL.left - 10;
  const h = PANEL.height - PANEL.top - 30;
  const px = (x: number) => at.x + PANEL.left + (x1 === x0 ? w / 2 : ((Math.log10(x) - x0) / (x1 - x0)) * w);
  const py = (y: number) => at.y + PANEL.top + h - (y / top) * h;
  const ticksY = [0, 0.25, 0.5, 0.75, 1].map((t) => t * top);
  const lines = series.map((s) => {
    const points = s.points.filter((p) => Number.isFinite(p.y));
    const colour = colourOf(s);
    return [
      `<polyline fill="none" stroke="${colour}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''} points="${points.map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' ')}"/>`,
      ...points.map(
        (p) =>
          `<circle cx="${px(p.x).toFixed(1)}" cy="${py(p.y).toFixed(1)}" r="3" fill="${colour}"><title>${xmlText(`${s.name}: ${p.x.toLocaleString('en')} creators, ${p.y.toFixed(2)} ${unit}`)}</title></circle>`,
      ),
    ].join('');
  });
  const legend = series.map(
    (s, i) =>
      `<line x1="${at.x + PANEL.left + 4}" x2="${at.x + PANEL.left + 24}" y1="${at.y + PANEL.top + 8 + i * 14}" y2="${at.y + PANEL.top + 8 + i * 14}" stroke="${colourOf(s)}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/><text x="${at.x + PANEL.left + 28}" y="${at.y + PANEL.top + 12 + i * 14}">${xmlText(s.name)}</text>`,
  );
  return [
    `<text x="${at.x + PANEL.left}" y="${at.y + 20}" font-weight="bold">${xmlText(`${title} (${unit})`)}</text>`,
    `<line x1="${at.x + PANEL.left}" x2="${at.x + PANEL.left}" y1="${at.y + PANEL.top}" y2="${at.y + PANEL.top + h}" stroke="#999"/>`,
    `<line x1="${at.x + PANEL.left}" x2="${at.x + PANEL.left + w}" y1="${at.y + PANEL.top + h}" y2="${at.y + PANEL.top + h}" stroke="#999"/>`,
    ...ticksY.map(
      (t) =>
        `<text x="${at.x + PANEL.left - 6}" y="${(py(t) + 4).toFixed(1)}" text-anchor="end">${compact(t)}</text><line x1="${at.x + PANEL.left}" x2="${at.x + PANEL.left + w}" y1="${py(t).toFixed(1)}" y2="${py(t).toFixed(1)}" stroke="#eee"/>`,
    ),
    ...sizes.map(
      (x) => `<text x="${px(x).toFixed(1)}" y="${at.y + PANEL.top + h + 16}" text-anchor="middle">${compact(x)}</text>`,
    ),
    ...lines,
    ...legend,
  ].join('\n');
}

/** The four figures against the number of creators, a line per layout (and per target where two are compared). */
export function growthChart(points: GrowthPoint[], title: string, subtitle: string): string {
  const layouts = [...new Set(points.map((p) => p.layout))];
  const colourOf = (s: Series) => COLOURS[layouts.indexOf(s.layout) % COLOURS.length] as string;
  const series = (layout: string, name: string, pick: (p: GrowthPoint) => number | undefined, dashed = false) => ({
    name,
    layout,
    dashed,
    points: points.filter((p) => p.layout === layout).map((p) => ({ x: p.creators, y: pick(p) ?? Number.NaN })),
  });
  const per = (pick: (p: GrowthPoint) => number | undefined, suffix = '', dashed = false): Series[] =>
    layouts.map((layout) => series(layout, `${layout}${suffix}`, pick, dashed));
  // The data is loaded once for every layout: its size and load time are one line.
  const once = (pick: (p: GrowthPoint) => number | undefined): Series[] =>
    layouts.length ? [series(layouts[0] as string, 'every layout (loaded once)', pick)] : [];
  const panels = [
    panel(
      'Searches/s per OpenSearch core, direct',
      'searches/s',
      per((p) => p.perCore),
      { x: 0, y: 40 },
      colourOf,
    ),
    panel(
      "p99 at 50% of direct's maximum",
      'ms',
      [...per((p) => p.half?.direct.p99, ', direct'), ...per((p) => p.half?.api.p99, ', metered API', true)],
      { x: WIDTH / 2, y: 40 },
      colourOf,
    ),
    panel(
      'Creators index on disk',
      'MiB',
      once((p) => p.indexMb),
      { x: 0, y: 40 + PANEL.height },
      colourOf,
    ),
    panel(
      'Live load (creators, their history and sponsorships)',
      's',
      once((p) => p.loadSeconds),
      { x: WIDTH / 2, y: 40 + PANEL.height },
      colourOf,
    ),
  ];
  const height = 40 + 2 * PANEL.height + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="11">
<title>${xmlText(`${title} (${subtitle})`)}</title>
<rect width="100%" height="100%" fill="white"/>
<text x="10" y="18" font-size="13" font-weight="bold">${xmlText(title)}</text>
<text x="10" y="34">${xmlText(subtitle)}</text>
${panels.join('\n')}
</svg>
`;
}

/** 1, 2, 2.5, 5 or 10 times a power of ten: the smallest at or above x (the axis' top). */
function niceCeiling(x: number): number {
  if (!(x > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  return ([1, 2, 2.5, 5, 10].map((m) => m * power).find((m) => m >= x) as number) ?? 10 * power;
}

function compact(x: number): string {
  if (x >= 1e6) return `${+(x / 1e6).toFixed(1)}M`;
  if (x >= 1e3) return `${+(x / 1e3).toFixed(1)}k`;
  return `${+x.toFixed(2)}`;
}
