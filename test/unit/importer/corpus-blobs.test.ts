import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MissingSource, readSource, sha256 } from '../../../importer/corpus/blobs.ts';
import type { Source } from '../../../importer/corpus/manifest.ts';

// A source read from a mirror as `fetch` leaves it: a clone with `repo/.git`, or a bare `repo`.
const root = mkdtempSync(path.join(tmpdir(), 'corpus-mirror-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();
const content = 'video_id,title\r\nabc,"a line\nbreak"\r\n';
const clone = path.join(root, 'clones', 'someone+data', 'repo');
mkdirSync(path.join(clone, 'output'), { recursive: true });
git(clone, 'init', '-q');
writeFileSync(path.join(clone, 'output', 'US.csv'), content);
git(clone, 'add', '.');
git(clone, 'commit', '-q', '-m', 'data');
const commit = git(clone, 'rev-parse', 'HEAD');
// Later history replaces the file: the source names the commit that held it.
writeFileSync(path.join(clone, 'output', 'US.csv'), 'changed');
git(clone, 'commit', '-q', '-am', 'changed');
const bare = path.join(root, 'bare', 'someone+data', 'repo');
git(root, 'clone', '-q', '--bare', clone, bare);

const source: Source = {
  repo: 'someone/data',
  commit,
  path: 'output/US.csv',
  sha256: sha256(Buffer.from(content)),
  format: 'rsrishav-csv',
  region: 'US',
  charted: null,
};

describe('reading a source from the mirrors', () => {
  it('reads the exact bytes at the commit from a clone and from a bare mirror', async () => {
    for (const dir of [path.join(root, 'clones'), path.join(root, 'bare')])
      expect((await readSource(dir, source)).toString()).toBe(content);
  });

  it('names the source when the mirror lacks the file, and when there is no mirror', async () => {
    const absent = readSource(path.join(root, 'bare'), { ...source, path: 'output/GB.csv' });
    await expect(absent).rejects.toThrowError(MissingSource);
    await expect(absent).rejects.toThrowError(
      /^someone\/data:output\/GB\.csv@\w{8}: the mirror of someone\/data does not hold it/,
    );
    await expect(readSource(path.join(root, 'bare'), { ...source, repo: 'other/data' })).rejects.toThrowError(
      /no mirror of other\/data in .* and no file named by its sha256/,
    );
  });
});
