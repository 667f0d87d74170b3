import { type Node, onnx, producersOf, rewriteGraph } from './onnx-graph.ts';

/**
 * The pinned model stores its weights as int8 and turns them back into float32 inside the graph
 * (`MatMul(x, Mul(Cast(w_int8), scale))`), so every search would multiply float32 matrices: 6–8 ms for a short query
 * on this machine kind, most of it reading 42 MB of weights. Each such MatMul becomes onnxruntime's
 * `DynamicQuantizeMatMul` over the same int8 weights and per-column scales (symmetric, so zero points are 0): the
 * activations are quantized at run time too, and a short query takes about 2.8 ms. The weights are not changed, and
 * the rewrite is deterministic, so its output is pinned by SHA-256 like the download.
 */
export const int8MatMuls = (model: Uint8Array) =>
  rewriteGraph(model, (graph) => {
    const tensors = graph.initializer;
    const initializers = new Map(tensors.map((tensor) => [tensor.name, tensor]));
    const producers = producersOf(graph);
    let rewritten = 0;
    graph.node = graph.node.map((node): Node => {
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
    return rewritten;
  });
