// What a V8 CPU profile (`node --cpu-prof`) of the API says, drawn by the benchmark itself: a flame graph as SVG
// (one box per function on a call path, as wide as the time spent in it and below it) and the self time summed by
// where the code lives (our source, each package, Node itself, the garbage collector). Only the samples taken in a
// window count, so a profile of a whole process run can leave out its start-up and shutdown.

export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

/** A call path's box: its frame, the samples at it (self) and under it (total). */
export interface Frame {
  name: string;
  where: string;
  self: number;
  total: number;
  children: Frame[];
}

/**
 * The call tree of the samples taken within [from, to] (µs, V8's monotonic clock: the same as
 * `process.hrtime.bigint() / 1000n` in any process of the machine), siblings of the same function merged.
 */
export function callTree(profile: CpuProfile, from = -Infinity, to = Infinity): Frame {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<number, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    if (time >= from && time <= to) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  const build = (id: number): Frame => {
    const node = byId.get(id);
    if (!node) throw new Error(`profile node ${id} is missing`);
    const { functionName, url, lineNumber } = node.callFrame;
    const frame: Frame = {
      name: functionName || '(anonymous)',
      where: url ? `${shortUrl(url)}:${lineNumber + 1}` : '',
      self: hits.get(id) ?? 0,
      total: 0,
      children: [],
    };
    const merged = new Map<string, Frame>();
    for (const child of (node.children ?? []).map(build)) {
      const key = `${child.name} ${child.where}`;
      const same = merged.get(key);
      if (same) mergeInto(same, child);
      else merged.set(key, child);
    }
    // The idle process (waiting in epoll) is not work: the shares are of the samples it was busy.
    frame.children = [...merged.values()]
      .filter((child) => child.total > 0 && child.name !== '(idle)')
      .sort((a, b) => b.total - a.total);
    frame.total = frame.self + frame.children.reduce((sum, child) => sum + child.total, 0);
    return frame;
  };
  return build(profile.nodes[0]?.id ?? 1);
}

function mergeInto(into: Frame, other: Frame): void {
  into.self += other.self;
  into.total += other.total;
  for (const child of other.children) {
    const same = into.children.find((c) => c.name === child.name && c.where === child.where);
    if (same) mergeInto(same, child);
    else into.children.push(child);
  }
  into.children.sort((a, b) => b.total - a.total);
}

/** A file URL cut to what names it: the package (and its file) or the repository path. */
function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const inPackage = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (inPackage) return `${inPackage[1]}/${inPackage[2]}`;
  const ours = /\/(dist|src)\/(.*)$/.exec(path);
  return ours ? `${ours[1]}/${ours[2]}` : path;
}

/** Where a frame's code lives: `ours`, a package's name, `node` (its own JavaScript and native code) or V8's. */
export function ownerOf(frame: Pick<Frame, 'name' | 'where'>): string {
  if (!frame.where) return /^\((garbage collector|program|idle|root)\)$/.test(frame.name) ? frame.name : 'node';
  if (frame.where.startsWith('node:')) return 'node';
  if (/^(dist|src)\//.test(frame.where)) return 'ours';
  return /^((?:@[^/]+\/)?[^/]+)\//.exec(frame.where)?.[1] ?? 'node';
}

export interface SelfTime {
  owners: [string, number][];
  /** Each function's self samples and the nearest caller of ours or of a package that most of them came through. */
  functions: [string, number, string][];
}

/** Self samples summed by owner (ownerOf) and by function, the largest first. */
export function selfTime(root: Frame): SelfTime {
  const owners = new Map<string, number>();
  const functions = new Map<string, { self: number; via: Map<string, number> }>();
  const visit = (frame: Frame, via: string) => {
    const owner = ownerOf(frame);
    if (frame.self) {
      owners.set(owner, (owners.get(owner) ?? 0) + frame.self);
      const name = `${frame.name} ${frame.where}`.trim();
      const fn = functions.get(name) ?? { self: 0, via: new Map() };
      fn.self += frame.self;
      fn.via.set(via, (fn.via.get(via) ?? 0) + frame.self);
      functions.set(name, fn);
    }
    const next = owner === 'node' || owner.startsWith('(') ? via : `${frame.name} ${frame.where}`;
    for (const child of frame.children) visit(child, next);
  };
  visit(root, '');
  return {
    owners: [...owners].sort((a, b) => b[1] - a[1]),
    functions: [...functions]
      .map(([name, { self, via }]): [string, number, string] => [
        name,
        self,
        [...via].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '',
      ])
      .sort((a, b) => b[1] - a[1]),
  };
}

const PALETTE: Record<string, string> = {
  ours: '#e8743b',
  node: '#9bb7d4',
  '(garbage collector)': '#c44e52',
  '(program)': '#bbbbbb',
  '(idle)': '#eeeeee',
  '(root)': '#dddddd',
};
const packageColor = (owner: string) => {
  let hash = 0;
  for (const c of owner) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `hsl(${40 + (hash % 80)}, 70%, ${55 + (hash % 15)}%)`;
};
export const xmlText = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The flame graph: the root at the bottom, each box as wide as its total samples, coloured by owner (our code
 * orange, Node blue, the collector red, each package its own warm colour); a box's tooltip names it and its share.
 * Boxes narrower than `minWidth` pixels are left out, with what is under them.
 */
export function flameGraphSvg(root: Frame, title: string, width = 1200, minWidth = 0.5): string {
  const row = 16;
  const boxes: string[] = [];
  let depth = 0;
  const draw = (frame: Frame, x: number, level: number) => {
    const w = (frame.total / root.total) * width;
    if (w < minWidth) return;
    depth = Math.max(depth, level);
    const owner = ownerOf(frame);
    const share = ((frame.total / root.total) * 100).toFixed(2);
    const label = `${frame.name}${frame.where ? ` (${frame.where})` : ''}`;
    boxes.push(
      `<g><title>${xmlText(`${label}: ${share}% (self ${((frame.self / root.total) * 100).toFixed(2)}%)`)}</title>` +
        `<rect x="${x.toFixed(2)}" y="{Y${level}}" width="${w.toFixed(2)}" height="${row - 1}" fill="${PALETTE[owner] ?? packageColor(owner)}"/>` +
        (w > 40
          ? `<text x="${(x + 3).toFixed(2)}" y="{T${level}}">${xmlText(label.slice(0, Math.floor(w / 7)))}</text>`
          : '') +
        '</g>',
    );
    let childX = x;
    for (const child of frame.children) {
      draw(child, childX, level + 1);
      childX += (child.total / root.total) * width;
    }
  };
  draw(root, 0, 0);
  const height = (depth + 1) * row + 30;
  const y = (level: number) => height - (level + 1) * row;
  const body = boxes
    .join('\n')
    .replace(/\{Y(\d+)\}/g, (_, l) => String(y(Number(l))))
    .replace(/\{T(\d+)\}/g, (_, l) => String(y(Number(l)) + 11));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="monospace" font-size="10">
<title>${xmlText(`Flame graph: ${title}`)}</title>
<text x="4" y="16" font-size="13">${xmlText(title)}</text>
${body}
</svg>
`;
}
