import onnxProto from 'onnx-proto';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { int8MatMuls } from '../../scripts/stack/onnx-int8.ts';

const { onnx } = onnxProto;
const FLOAT = onnx.TensorProto.DataType.FLOAT;

/** x[1,4] times int8 weights[4,3] scaled per column, as the pinned model stores its layers, plus one plain Add. */
function tinyModel(weights: number[], scales: number[]): Uint8Array {
  const tensor = (name: string, dataType: number, dims: number[], bytes: ArrayBufferView) =>
    onnx.TensorProto.create({ name, dataType, dims, rawData: new Uint8Array(bytes.buffer) });
  const io = (name: string, dims: number[]) =>
    onnx.ValueInfoProto.create({
      name,
      type: { tensorType: { elemType: FLOAT, shape: { dim: dims.map((dimValue) => ({ dimValue })) } } },
    });
  const graph = onnx.GraphProto.create({
    name: 'tiny',
    node: [
      onnx.NodeProto.create({
        opType: 'Cast',
        input: ['w_q'],
        output: ['w_f'],
        attribute: [{ name: 'to', type: 2, i: FLOAT }],
      }),
      onnx.NodeProto.create({ opType: 'Mul', input: ['w_f', 'w_scale'], output: ['w'] }),
      onnx.NodeProto.create({ name: 'mm', opType: 'MatMul', input: ['x', 'w'], output: ['y0'] }),
      onnx.NodeProto.create({ opType: 'Add', input: ['y0', 'bias'], output: ['y'] }),
    ],
    initializer: [
      tensor('w_q', onnx.TensorProto.DataType.INT8, [4, 3], Int8Array.from(weights)),
      tensor('w_scale', FLOAT, [1, 3], Float32Array.from(scales)),
      tensor('bias', FLOAT, [3], Float32Array.from([0.5, -0.5, 0])),
    ],
    input: [io('x', [1, 4])],
    output: [io('y', [1, 3])],
  });
  return onnx.ModelProto.encode(
    onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph }),
  ).finish();
}

async function run(model: Uint8Array, x: number[]): Promise<number[]> {
  const session = await InferenceSession.create(model, { logSeverityLevel: 3 });
  const output = await session.run({ x: new Tensor('float32', Float32Array.from(x), [1, 4]) });
  await session.release();
  return Array.from(output.y?.data as Float32Array);
}

describe('int8MatMuls', () => {
  const weights = [12, -7, 100, 3, 55, -128, 127, 0, 9, -40, 21, 64];
  const scales = [0.01, 0.02, 0.005];
  const model = tinyModel(weights, scales);

  it('turns MatMul over Cast and Mul of int8 weights into DynamicQuantizeMatMul on the same weights', () => {
    const { model: rewritten, rewritten: count } = int8MatMuls(model);
    expect(count).toBe(1);
    const graph = onnx.ModelProto.decode(rewritten).graph;
    const ops = graph?.node?.map((node) => node.opType);
    expect(ops).toEqual(['DynamicQuantizeMatMul', 'Add']);
    // The float copy of the weights and its scale are gone with the Cast and Mul that made them.
    expect(graph?.initializer?.map((t) => t.name).sort()).toEqual(['bias', 'w_q', 'w_q_scale1d', 'w_q_zero']);
  });

  it('computes what the original computes, within the error of quantizing the input to 8 bits', async () => {
    const x = [0.3, -1.2, 2.5, 0.05];
    const [before, after] = await Promise.all([run(model, x), run(int8MatMuls(model).model, x)]);
    const bias = [0.5, -0.5, 0];
    const expected = [0, 1, 2].map(
      (c) =>
        x.reduce((sum, xi, r) => sum + xi * (weights[r * 3 + c] as number) * (scales[c] as number), 0) +
        (bias[c] as number),
    );
    for (const [i, value] of before.entries()) expect(value).toBeCloseTo(expected[i] as number, 5);
    // One step of the input's 8-bit grid (range 3.7 / 255) times the weights' sum of magnitudes bounds the error.
    for (const [i, value] of after.entries()) expect(Math.abs(value - (expected[i] as number))).toBeLessThan(0.03);
  });

  it('is deterministic, so its output can be pinned by SHA-256', () => {
    expect(Buffer.from(int8MatMuls(model).model).equals(Buffer.from(int8MatMuls(model).model))).toBe(true);
  });

  it('leaves a model without such MatMuls as it was', () => {
    const plain = onnx.ModelProto.decode(model);
    const graph = plain.graph as InstanceType<typeof onnx.GraphProto>;
    graph.node = graph.node.filter((node) => node.opType === 'Add');
    const { rewritten } = int8MatMuls(onnx.ModelProto.encode(plain).finish());
    expect(rewritten).toBe(0);
  });
});
