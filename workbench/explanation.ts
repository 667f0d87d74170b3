// Takes apart an OpenSearch score explanation ({value, description, details}) into what each field contributed.
// Lucene rewrites and reorders a query before scoring it, so clause positions in the request say nothing about the
// tree: only the descriptions do, and they name the field of every leaf that scored.
import { EMBEDDING } from '../src/search/creator-query.ts';

export interface Explanation {
  value: number;
  description: string;
  details?: Explanation[];
}

/**
 * How a leaf scored: BM25 on a term or phrase, a constant (a term query on a keyword or number field), a
 * rank_feature function, nearness in meaning (a k-NN clause), or a node whose kind is not known here (attributed to
 * the first field it names).
 */
export type LeafKind = 'scored' | 'constant' | 'feature' | 'nearest' | 'other';

export interface Part {
  /** The field the score came from; undefined when no field is named anywhere below the node. */
  field: string | undefined;
  kind: LeafKind;
  value: number;
}

export interface Attribution {
  total: number;
  /** One part per field and kind, in the order the tree first names them. */
  parts: Part[];
  /** What the parts leave of the total: float rounding, or a node combining its children other than by sum or max. */
  residual: number;
}

const MAX_PLUS = /^max plus (\S+) times others of:?$/;
// "Saturation function on the _feature field for the popularity.subscribers feature" (rank_features), or
// "… on the popularity.subscribers field" (a rank_feature field of its own); sigmoid, log and linear alike.
const FEATURE = /function on the ([\w.]+) field(?: for the ([\w.]+) feature)?/;
// A field as a query prints it: "weight(name:cook in 5)", "weight(Synonym(name:a name:b))", "ConstantScore(slug:x)",
// "creatorId:[5 TO 5]^10.0". The value must follow the colon at once, so "computed as … from:" is no field.
const FIELD = /(?:^|[(+\s])([A-Za-z_][\w.]*):(?=\S)/;
// A Lucene k-NN clause's hit: "within top 15 docs". It names no field; the creators' vectors are in EMBEDDING.
const NEAREST = /^within top \d+ docs/;

function leaf(node: Explanation): { field: string; kind: LeafKind } | undefined {
  const { description } = node;
  if (NEAREST.test(description)) return { field: EMBEDDING, kind: 'nearest' };
  const feature = FEATURE.exec(description);
  if (feature) return { field: (feature[2] ?? feature[1]) as string, kind: 'feature' };
  if (description.startsWith('weight(')) {
    const field = FIELD.exec(description)?.[1];
    if (field) return { field, kind: 'scored' };
  }
  if (description.startsWith('ConstantScore(') || /^[\w.]+:\[.* TO .*\]/.test(description)) {
    const field = FIELD.exec(description)?.[1];
    if (field) return { field, kind: 'constant' };
  }
  return undefined;
}

/** The first field named in a subtree, depth first: what an unknown node is about. */
function firstField(node: Explanation): string | undefined {
  const found = leaf(node)?.field ?? FIELD.exec(node.description)?.[1];
  if (found) return found;
  for (const child of node.details ?? []) {
    const field = firstField(child);
    if (field) return field;
  }
  return undefined;
}

/** The tie-breaker of a dis_max node ("max of:" is 0), or undefined when the node is no dis_max. */
function tieBreaker(description: string): number | undefined {
  if (/^max of:?$/.test(description)) return 0;
  const match = MAX_PLUS.exec(description);
  return match ? Number(match[1]) : undefined;
}

export function attribute(tree: Explanation): Attribution {
  const totals = new Map<string, Part>();
  const add = (field: string | undefined, kind: LeafKind, value: number) => {
    const key = `${field ?? ''}\u0000${kind}`;
    const part = totals.get(key);
    if (part) part.value += value;
    else totals.set(key, { field, kind, value });
  };
  const walk = (node: Explanation, factor: number) => {
    // Filters print as zero-valued "match on required clause" nodes: they add nothing and name a field.
    if (node.value === 0 || factor === 0) return;
    const children = node.details ?? [];
    const known = leaf(node);
    if (known) return add(known.field, known.kind, node.value * factor);
    if (/^sum of:?$/.test(node.description) && children.length) {
      for (const child of children) walk(child, factor);
      return;
    }
    const tie = tieBreaker(node.description);
    if (tie !== undefined && children.length) {
      // dis_max, and cross_fields' per-term blend: the best child counts in full, the others times the tie-breaker.
      const best = children.reduce((max, child) => (child.value > max.value ? child : max));
      for (const child of children) walk(child, child === best ? factor : factor * tie);
      return;
    }
    add(firstField(node), 'other', node.value * factor);
  };
  walk(tree, 1);
  const parts = [...totals.values()];
  return { total: tree.value, parts, residual: tree.value - parts.reduce((sum, p) => sum + p.value, 0) };
}
