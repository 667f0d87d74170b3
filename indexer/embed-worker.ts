// One embedding thread of the indexer (indexer/embeddings.ts): onnxruntime-node runs a model synchronously on the
// thread that calls it, so the indexer uses one such worker per core it may take.
import { parentPort, workerData } from 'node:worker_threads';
import { loadEmbedder } from '../src/search/embedder.ts';

const embedder = await loadEmbedder(workerData.modelDir as string, 1);
parentPort?.on('message', async ({ id, texts }: { id: number; texts: string[] }) => {
  try {
    const vectors = await embedder.embed(texts);
    parentPort?.postMessage(
      { id, vectors },
      vectors.map((v) => v.buffer as ArrayBuffer),
    );
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).message });
  }
});
parentPort?.postMessage({ ready: true });
