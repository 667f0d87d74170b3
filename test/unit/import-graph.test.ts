import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The folders point one way: each file imports only from its own part or from a part of a lower layer, parts of one
// layer never import each other, and no chain of imports comes back to where it started. Type-only imports count.

/** Lowest first. A part is a folder or a file, named from the repository's root. */
const LAYERS: string[][] = [
  ['src/contract', 'src/metrics.ts', 'src/opensearch.ts', 'src/redis.ts', 'clients/typescript/src'],
  ['src/search'],
  ['src/config.ts'],
  ['src/clients.ts', 'src/logger.ts'],
  ['src/access'],
  ['src/http', 'src/mcp'],
  ['src/app.ts'],
  ['src/server.ts'],
  ['common'],
  ['indexer'],
  ['importer'],
  ['workbench'],
  ['scripts'],
  ['bench', 'clients/typescript/scripts', 'clients/typescript/examples', 'clients/python/scripts'],
  ['test', 'vitest.config.ts'],
];
/** Arrows the layers would allow that the design rules out: access and search stay independent of each other. */
const FORBIDDEN: [from: string, to: string][] = [['src/access', 'src/search']];

const root = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', 'data', '.cache', '.git']);

function sources(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sources(full);
    return /\.(ts|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path.relative(root, full)] : [];
  });
}

/** The repository's files a file imports (relative specifiers; packages are not parts). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.join(path.dirname(file), spec))
    .filter((target) => /\.(ts|mts|mjs)$/.test(target));
}

/** The longest part that holds the file. */
function partOf(file: string): { part: string; layer: number } | undefined {
  let found: { part: string; layer: number } | undefined;
  LAYERS.forEach((parts, layer) => {
    for (const part of parts) {
      const holds = file === part || file.startsWith(`${part}/`);
      if (holds && part.length > (found?.part.length ?? -1)) found = { part, layer };
    }
  });
  return found;
}

/** Every arrow that breaks a rule, as "from -> to (why)". */
function wrongArrows(graph: Map<string, string[]>): string[] {
  const wrong: string[] = [];
  for (const [from, targets] of graph) {
    const a = partOf(from);
    for (const to of targets) {
      const b = partOf(to);
      if (!a || !b || a.part === b.part) continue;
      const why =
        b.layer > a.layer
          ? `${b.part} is above ${a.part}`
          : b.layer === a.layer
            ? `${a.part} and ${b.part} are one layer`
            : FORBIDDEN.some(([f, t]) => f === a.part && t === b.part)
              ? `${a.part} never imports ${b.part}`
              : undefined;
      if (why) wrong.push(`${from} -> ${to} (${why})`);
    }
  }
  return wrong;
}

/** Each set of files that import one another round a loop (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the import graph', () => {
  const files = sources();
  const graph = new Map(files.map((file) => [file, importsOf(file)]));

  it('places every file in a part of a layer', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => !partOf(file))).toEqual([]);
  });

  it('has no arrow from a lower part to a higher one, or between parts of one layer', () => {
    expect(wrongArrows(graph)).toEqual([]);
  });

  it('has no cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('would report an arrow the wrong way, one the design rules out, and a cycle', () => {
    const bad = new Map([
      ['src/search/a.ts', ['src/http/b.ts']],
      ['src/access/c.ts', ['src/search/d.ts']],
      ['indexer/e.ts', ['indexer/f.ts']],
      ['indexer/f.ts', ['indexer/e.ts']],
    ]);
    expect(wrongArrows(bad)).toEqual([
      'src/search/a.ts -> src/http/b.ts (src/http is above src/search)',
      'src/access/c.ts -> src/search/d.ts (src/access never imports src/search)',
    ]);
    expect(cycles(bad)).toEqual([['indexer/e.ts', 'indexer/f.ts']]);
  });
});
