import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README and docs/ name links, files and npm scripts: each must exist, so the docs cannot drift from the code.
const root = path.resolve(import.meta.dirname, '../..');
const docs = [
  'README.md',
  'relevance/README.md',
  'clients/typescript/README.md',
  'clients/python/README.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
];
/** Verbatim copies of the shared contract and design. */
const COPIES = ['docs/api-v1.md', 'docs/design.md'];
const text = (file: string) => readFileSync(path.join(root, file), 'utf8');
const scripts = Object.keys(JSON.parse(text('package.json')).scripts as Record<string, string>);

/** GitHub's heading anchors: lower case, punctuation but `-` and `_` dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchors = (file: string) =>
  new Set(
    text(file)
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, ''))),
  );
/** Text outside fenced code blocks: what a reader sees as prose. */
const prose = (file: string) => text(file).replace(/^```[\s\S]*?^```/gm, '');

describe.each(docs)('%s', (file) => {
  it('links only to files, folders and headings that exist', () => {
    const broken: string[] = [];
    for (const [, target = ''] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [where = '', anchor] = target.split('#');
      const resolved = where ? path.join(path.dirname(file), where) : file;
      if (!existsSync(path.join(root, resolved))) broken.push(`${target} (no ${resolved})`);
      else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
        broken.push(`${target} (no heading)`);
    }
    expect(broken, `${file}: broken links`).toEqual([]);
  });

  it('names only npm scripts that package.json has', () => {
    const named = [...text(file).matchAll(/npm run (?:-s )?([a-z][\w:-]*)/g)].map((m) => m[1] as string);
    expect(
      named.filter((name) => !scripts.includes(name)),
      `${file}: unknown npm scripts`,
    ).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    // Code spans that start at a top-level folder of this repository (`src/server.ts`, `bench/api/`). The copies of
    // the contract and the design keep their own references to the folder they were copied from.
    if (COPIES.includes(file)) return;
    const paths = [
      ...text(file).matchAll(
        /`((?:\.ci|bench|clients|docs|indexer|mappings|ops|relevance|scripts|src|test|workbench)\/[\w./-]*)`/g,
      ),
    ].map((m) => m[1] as string);
    // A placeholder in capitals (`quepid-NAME.jsonl`) stands for a file the reader makes.
    const missing = paths.filter((p) => !/[A-Z]{3,}/.test(p) && !existsSync(path.join(root, p)));
    expect([...new Set(missing)], `${file}: paths that do not exist`).toEqual([]);
  });
});

it('the front page stays a front page', () => {
  expect(text('README.md').split('\n').length).toBeLessThanOrEqual(170);
});
