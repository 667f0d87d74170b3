import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

// Decoded messages are full instances: their repeated fields are arrays, never absent.
type Graph = InstanceType<typeof onnx.GraphProto>;
type Node = InstanceType<typeof onnx.NodeProto>;
type Tensor = InstanceType<typeof onnx.TensorProto>;

/** The Casts and Muls that fed only the replaced MatMuls would still turn weights into float32 at load time. */
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
 * The pinned model stores its weights as int8 and turns them back into float32 inside the graph
 * (`MatMul(x, Mul(Cast(w_int8), scale))`), so every search would multiply float32 matrices: 6–8 ms for a short query
 * on this machine kind, most of it reading 42 MB of weights. Each such MatMul becomes onnxruntime's
 * `DynamicQuantizeMatMul` over the same int8 weights and per-column scales (symmetric, so zero points are 0): the
 * activations are quantized at run time too, and a short query takes about 2.8 ms. The weights are not changed, and
 * the rewrite is deterministic, so its output is pinned by SHA-256 like the download.
 */
export function int8MatMuls(model: Uint8Array): { model: Uint8Array; rewritten: number } {
  const decoded = onnx.ModelProto.decode(model);
  const graph = decoded.graph as Graph | null;
  if (!graph) throw new Error('the ONNX file has no graph');
  const tensors = graph.initializer as Tensor[];
  const initializers = new Map(tensors.map((tensor) => [tensor.name, tensor]));
  const producers = new Map((graph.node as Node[]).flatMap((node) => node.output.map((output) => [output, node])));

  let rewritten = 0;
  const nodes = (graph.node as Node[]).map((node) => {
    if (node.opType !== 'MatMul') return node;
    const [input, weight] = node.input;
    const mul = producers.get(weight ?? '');
    const cast = mul?.opType === 'Mul' ? producers.get(mul.input[0] ?? '') : undefined;
    const scale = initializers.get(mul?.input[1] ?? '');
    const quantized = cast?.input[0];
    if (cast?.opType !== 'Cast' || !scale?.rawData?.length || !quantized || !initializers.has(quantized)) return node;
    const columns = scale.dims.reduce((product: number, dim) => product * Number(dim), 1);
    tensors.push(
      onnx.TensorProto.create({
        name: `${quantized}_scale1d`,
        dataType: scale.dataType,
        dims: [columns],
        rawData: scale.rawData,
      }),
      onnx.TensorProto.create({
        name: `${quantized}_zero`,
        dataType: onnx.TensorProto.DataType.INT8,
        dims: [columns],
        rawData: new Uint8Array(columns),
      }),
    );
    rewritten++;
    return onnx.NodeProto.create({
      name: `${node.name}_int8`,
      opType: 'DynamicQuantizeMatMul',
      domain: 'com.microsoft',
      input: [input ?? '', quantized, `${quantized}_scale1d`, `${quantized}_zero`],
      output: node.output,
    });
  });
  const live = withoutDeadNodes(
    nodes,
    graph.output.map((output) => output.name ?? ''),
  );
  const inputs = new Set(live.flatMap((node) => node.input));
  graph.node = live;
  graph.initializer = tensors.filter((tensor) => inputs.has(tensor.name));
  decoded.opsetImport.push(onnx.OperatorSetIdProto.create({ domain: 'com.microsoft', version: 1 }));
  return { model: onnx.ModelProto.encode(decoded).finish(), rewritten };
}
