import onnxProto from 'onnx-proto';

export const { onnx } = onnxProto;

// Decoded messages are full instances: their repeated fields are arrays, never absent, and so are their elements.
export type Node = InstanceType<typeof onnx.NodeProto>;
export type Tensor = InstanceType<typeof onnx.TensorProto>;
export type Graph = Omit<InstanceType<typeof onnx.GraphProto>, 'node' | 'initializer'> & {
  node: Node[];
  initializer: Tensor[];
};

/** Nodes whose outputs nothing reads any more (what fed only the nodes a rewrite replaced). */
function withoutDeadNodes(nodes: Node[], outputs: string[]): Node[] {
  let live = nodes;
  for (;;) {
    const used = new Set([...outputs, ...live.flatMap((node) => node.input)]);
    const next = live.filter((node) => node.output.some((output) => used.has(output)));
    if (next.length === live.length) return live;
    live = next;
  }
}

/**
 * Decodes a model, lets `change` replace its graph's nodes (adding the initializers it needs), drops the nodes and
 * initializers nothing reads any more, and encodes it again. `change` returns how many rewrites it made. Both steps
 * are deterministic, so a rewritten model can be pinned by SHA-256.
 */
export function rewriteGraph(
  model: Uint8Array,
  change: (graph: Graph) => number,
): { model: Uint8Array; rewritten: number } {
  const decoded = onnx.ModelProto.decode(model);
  const graph = decoded.graph as Graph | null | undefined;
  if (!graph) throw new Error('the ONNX file has no graph');
  const rewritten = change(graph);
  graph.node = withoutDeadNodes(
    graph.node,
    graph.output.map((output) => output.name ?? ''),
  );
  const inputs = new Set(graph.node.flatMap((node) => node.input));
  graph.initializer = graph.initializer.filter((tensor) => inputs.has(tensor.name));
  if (!decoded.opsetImport.some((opset) => opset.domain === 'com.microsoft')) {
    decoded.opsetImport.push(onnx.OperatorSetIdProto.create({ domain: 'com.microsoft', version: 1 }));
  }
  return { model: onnx.ModelProto.encode(decoded).finish(), rewritten };
}

/** Which node makes each value. */
export const producersOf = (graph: Graph) =>
  new Map(graph.node.flatMap((node) => node.output.map((output) => [output, node] as const)));

/** Which nodes read each value. */
export function readersOf(graph: Graph): Map<string, Node[]> {
  const readers = new Map<string, Node[]>();
  for (const node of graph.node)
    for (const input of node.input) readers.set(input, [...(readers.get(input) ?? []), node]);
  return readers;
}

/** A float32 initializer's values, whichever of its fields holds them. */
export function floatsOf(tensor: Tensor): Float32Array {
  if (!tensor.rawData?.length) return Float32Array.from(tensor.floatData);
  return new Float32Array(new Uint8Array(tensor.rawData).buffer); // a copy: the decoded bytes may be unaligned
}

export const floatTensor = (name: string, values: Float32Array, dims = [values.length]) =>
  onnx.TensorProto.create({
    name,
    dataType: onnx.TensorProto.DataType.FLOAT,
    dims,
    rawData: new Uint8Array(values.buffer),
  });

export const intAttribute = (name: string, i: number) =>
  onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.INT, i });
