// A source's bytes, from a folder of fetched mirrors: a file named by its sha256 when one is there (a plain copy),
// else the blob at the source's commit and path in the repository's mirror (`<dir>/<owner>+<name>/repo`). The
// digest is checked either way, so the corpus is built from exactly the files the manifest names.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Source, sourceName } from './manifest.ts';

const run = promisify(execFile);

/** The source is not in the folder: no copy by digest and no mirror that holds it. `--skip-missing` goes on. */
export class MissingSource extends Error {}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The git directory of a repository's mirror: fetch leaves a bare `repo`, or a clone with `repo/.git`. */
export function mirrorOf(dir: string, repo: string): string | undefined {
  const root = path.join(dir, repo.replace('/', '+'), 'repo');
  return [path.join(root, '.git'), root].find((candidate) => existsSync(path.join(candidate, 'HEAD')));
}

export async function readSource(dir: string, source: Source): Promise<Buffer> {
  const bytes = await bytesOf(dir, source);
  const digest = sha256(bytes);
  if (digest !== source.sha256)
    throw new Error(`${sourceName(source)}: sha256 is ${digest}, the manifest says ${source.sha256}`);
  return bytes;
}

async function bytesOf(dir: string, source: Source): Promise<Buffer> {
  const copy = path.join(dir, source.sha256);
  if (existsSync(copy)) return readFile(copy);
  const gitDir = mirrorOf(dir, source.repo);
  if (!gitDir)
    throw new MissingSource(
      `${sourceName(source)}: no mirror of ${source.repo} in ${dir} and no file named by its sha256`,
    );
  try {
    // cat-file, not show: the blob's exact bytes, never a textconv or an encoding conversion.
    const { stdout } = await run('git', ['--git-dir', gitDir, 'cat-file', 'blob', `${source.commit}:${source.path}`], {
      encoding: 'buffer',
      maxBuffer: 1 << 30,
    });
    return stdout;
  } catch (error) {
    const why =
      String((error as { stderr?: Buffer }).stderr ?? '')
        .trim()
        .split('\n')[0] || (error as Error).message;
    // Snapshots lack files of 4 MiB and more and Git LFS content: the mirror is there, the blob is not.
    throw new MissingSource(`${sourceName(source)}: the mirror of ${source.repo} does not hold it (${why})`);
  }
}
