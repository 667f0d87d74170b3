import onnxProto from 'onnx-proto';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { fusedLayers } from '../../scripts/stack/onnx-fuse.ts';
import { int8MatMuls } from '../../scripts/stack/onnx-int8.ts';

const { onnx } = onnxProto;
const { FLOAT, INT8, INT64, BOOL } = onnx.TensorProto.DataType;
const HIDDEN = 4;
const HEADS = 2;
const TOKENS = 4;

/** Deterministic numbers in [-1, 1). */
function numbers(count: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 30 - 1;
  });
}

/**
 * One encoder layer spelled out as the pinned export spells it: int8 weights turned back into float32 before each
 * MatMul, biases added after, attention through reshapes, transposes, a key mask and Softmax, and GELU through Erf.
 */
function tinyLayer(): Uint8Array {
  const nodes: InstanceType<typeof onnx.NodeProto>[] = [];
  const tensors: InstanceType<typeof onnx.TensorProto>[] = [];
  const add = (opType: string, input: string[], output: string, attribute: object[] = []) =>
    nodes.push(onnx.NodeProto.create({ name: output, opType, input, output: [output], attribute }));
  const constant = (name: string, dataType: number, dims: number[], values: ArrayBufferView) =>
    tensors.push(onnx.TensorProto.create({ name, dataType, dims, rawData: new Uint8Array(values.buffer) }));
  const floats = (name: string, values: number[], dims = [values.length]) =>
    constant(name, FLOAT, dims, Float32Array.from(values));
  const ints = (name: string, values: number[]) =>
    constant(name, INT64, [values.length], BigInt64Array.from(values.map(BigInt)));
  let seed = 1;
  const linear = (input: string, output: string, rows: number, columns: number, bias: string) => {
    constant(
      `${output}.q`,
      INT8,
      [rows, columns],
      Int8Array.from(numbers(rows * columns, seed++).map((n) => Math.round(n * 127))),
    );
    floats(
      `${output}.scale`,
      numbers(columns, seed++).map((n) => 0.01 + Math.abs(n) * 0.01),
      [1, columns],
    );
    floats(bias, numbers(columns, seed++));
    add('Cast', [`${output}.q`], `${output}.f`, [{ name: 'to', type: 2, i: FLOAT }]);
    add('Mul', [`${output}.f`, `${output}.scale`], `${output}.w`);
    add('MatMul', [input, `${output}.w`], `${output}.mm`);
    add('Add', [`${output}.mm`, bias], output);
  };
  const heads = (input: string, output: string, perm: number[]) => {
    add('Reshape', [input, 'heads.shape'], `${output}.r`);
    add('Transpose', [`${output}.r`], output, [{ name: 'perm', type: 7, ints: perm }]);
  };
  ints('heads.shape', [0, 0, HEADS, HIDDEN / HEADS]);
  ints('merge.shape', [0, 0, -1]);
  ints('mask.axes', [1, 2]);
  floats('scale', [1 / Math.sqrt(HIDDEN / HEADS)], []);
  floats('zero', [0], []);
  floats('lowest', [-3.4028234663852886e38], []);
  floats('sqrt2', [Math.SQRT2], []);
  floats('one', [1], []);
  floats('half', [0.5], []);
  for (const part of ['query', 'key', 'value'])
    linear('x', part, HIDDEN, HIDDEN, `layer.0.attention.self.${part}.bias`);
  heads('query', 'qh', [0, 2, 1, 3]);
  heads('key', 'kh', [0, 2, 3, 1]);
  heads('value', 'vh', [0, 2, 1, 3]);
  add('MatMul', ['qh', 'kh'], 'scores.raw');
  add('Mul', ['scores.raw', 'scale'], 'scores');
  add('Cast', ['attention_mask'], 'mask.bool', [{ name: 'to', type: 2, i: BOOL }]);
  add('Unsqueeze', ['mask.bool', 'mask.axes'], 'mask.4d');
  add('Where', ['mask.4d', 'zero', 'lowest'], 'mask.bias');
  add('Add', ['scores', 'mask.bias'], 'scores.masked');
  add('Softmax', ['scores.masked'], 'weights', [{ name: 'axis', type: 2, i: -1 }]);
  add('MatMul', ['weights', 'vh'], 'context.h');
  add('Transpose', ['context.h'], 'context.t', [{ name: 'perm', type: 7, ints: [0, 2, 1, 3] }]);
  add('Reshape', ['context.t', 'merge.shape'], 'context');
  linear('context', 'attended', HIDDEN, HIDDEN, 'layer.0.attention.output.dense.bias');
  add('Add', ['attended', 'x'], 'residual');
  linear('residual', 'inner', HIDDEN, 2 * HIDDEN, 'layer.0.intermediate.dense.bias');
  add('Div', ['inner', 'sqrt2'], 'gelu.scaled');
  add('Erf', ['gelu.scaled'], 'gelu.erf');
  add('Add', ['gelu.erf', 'one'], 'gelu.plus');
  add('Mul', ['half', 'gelu.plus'], 'gelu.half');
  add('Mul', ['inner', 'gelu.half'], 'gelu');
  linear('gelu', 'y', 2 * HIDDEN, HIDDEN, 'layer.0.output.dense.bias');
  const io = (name: string, elemType: number, dims: number[]) =>
    onnx.ValueInfoProto.create({
      name,
      type: { tensorType: { elemType, shape: { dim: dims.map((dimValue) => ({ dimValue })) } } },
    });
  const graph = onnx.GraphProto.create({
    name: 'layer',
    node: nodes,
    initializer: tensors,
    input: [io('x', FLOAT, [1, TOKENS, HIDDEN]), io('attention_mask', INT64, [1, TOKENS])],
    output: [io('y', FLOAT, [1, TOKENS, HIDDEN])],
  });
  return onnx.ModelProto.encode(
    onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph }),
  ).finish();
}

async function run(model: Uint8Array, x: number[], mask: number[]): Promise<number[]> {
  const session = await InferenceSession.create(model, { logSeverityLevel: 3, graphOptimizationLevel: 'basic' });
  const output = await session.run({
    x: new Tensor('float32', Float32Array.from(x), [1, TOKENS, HIDDEN]),
    attention_mask: new Tensor('int64', BigInt64Array.from(mask.map(BigInt)), [1, TOKENS]),
  });
  await session.release();
  return Array.from(output.y?.data as Float32Array);
}

describe('fusedLayers', () => {
  const unfused = int8MatMuls(tinyLayer()).model;
  const { model: fused, rewritten } = fusedLayers(unfused, HEADS);
  const x = numbers(TOKENS * HIDDEN, 99).map((n) => n * 2);

  it('turns the layer into one q/k/v product, MultiHeadAttention and Gelu, with the biases inside the products', () => {
    const ops = onnx.ModelProto.decode(fused).graph?.node?.map((node) => node.opType);
    expect(ops).toEqual([
      'Cast',
      'DynamicQuantizeMatMul',
      'Split',
      'MultiHeadAttention',
      'DynamicQuantizeMatMul',
      'Add',
      'DynamicQuantizeMatMul',
      'Gelu',
      'DynamicQuantizeMatMul',
    ]);
    expect(rewritten).toBe(5); // the attention, three biases and the GELU
  });

  it('computes what the unfused layer computes, padded keys masked out alike', async () => {
    const outputs = [];
    for (const mask of [
      [1, 1, 1, 1],
      [1, 1, 1, 0],
    ]) {
      const [before, after] = await Promise.all([run(unfused, x, mask), run(fused, x, mask)]);
      const largest = Math.max(...before.map(Math.abs));
      for (const [i, value] of after.entries())
        expect(Math.abs(value - (before[i] as number))).toBeLessThan(largest * 1e-5);
      outputs.push(after);
    }
    // The mask is not ignored: hiding the last token changes what the others attend to.
    expect(outputs[1]).not.toEqual(outputs[0]);
  });

  it('is deterministic, so its output can be pinned by SHA-256', () => {
    expect(Buffer.from(fusedLayers(unfused, HEADS).model).equals(Buffer.from(fused))).toBe(true);
  });
});
