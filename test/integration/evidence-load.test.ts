import { Writable } from 'node:stream';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type IndexerConfig, loadIndexerConfig } from '../../indexer/config.ts';
import { load, rollback } from '../../indexer/load.ts';
import { liveVersion, versions } from '../../indexer/versions.ts';
import { creator, evidenceOf, evidenceRow, sponsor, writeDataset } from '../support/dataset.ts';

// The third source file: sponsorship evidence rows, validated and loaded into their own versioned index beside the
// creators and sponsors, swapped and rolled back with them; the contract's counts must be the rows that count.

const prefix = `t${process.pid}_evidence_load_`;
const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
const client = new Client({ node: inject('opensearchUrl') });
const configFor = (dataDir: string): IndexerConfig => ({
  ...loadIndexerConfig({ OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: prefix }),
  dataDir,
});
const notes = () => {
  const lines: string[] = [];
  const out = new Writable({
    write: (chunk, _e, done) => {
      lines.push(String(chunk));
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  return { lines, out };
};

const sponsors = [sponsor(1, 'Keyforge Labs'), sponsor(2, 'Brightbank')];
const creators = [
  creator(1, {
    sponsorships: [
      { sponsorId: 1, count: 3, firstDate: '2024-01-10', lastDate: '2025-06-01' },
      { sponsorId: 2, count: 1, firstDate: '2024-02-02', lastDate: '2024-02-02' },
    ],
  }),
  creator(2, { sponsorships: [{ sponsorId: 1, count: 2, firstDate: '2023-05-05', lastDate: '2023-09-09' }] }),
];
/** A row below the default confidence: loaded and served on request, counted nowhere. */
const unsure = evidenceRow(2, 2, 'unsure00001', '2023-06-01', { confidence: 0.3, rule: 'deal' });
const evidence = [...evidenceOf(creators), unsure];

async function rows(alias = 'sponsorships') {
  const { body } = await client.search({ index: `${prefix}${alias}`, body: { size: 100, query: { match_all: {} } } });
  return body.hits.hits.map((h) => h._source as Record<string, unknown>);
}

afterAll(async () => {
  await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
  await client.close();
});

describe('loading sponsorship evidence', () => {
  let first: string;

  it('loads every row behind its alias with its sponsor, and the counts that agree with the rows', async () => {
    const summary = await load({
      client,
      config: configFor(writeDataset(sponsors, creators, undefined, evidence)),
      out: quiet,
    });
    first = summary.version;
    expect(summary.sponsorships).toBe(evidence.length);
    const loaded = await rows();
    expect(loaded).toHaveLength(evidence.length);
    expect(loaded.find((r) => r.videoId === 'unsure00001')).toMatchObject({
      creatorId: 2,
      sponsorId: 2,
      sponsorName: 'Brightbank',
      sponsorWebsite: 'https://brightbank.example',
      confidence: 0.3,
      publishedAt: '2023-06-01',
    });
    // Brightbank: one row at or above the threshold (creator 1), one below (creator 2): its count is 1.
    const brightbank = (await rows('sponsors')).find((s) => s.name === 'Brightbank');
    expect(brightbank?.sponsorshipCount).toBe(1);
  });

  it('stops on a bad row with its file, line and reason, leaving the live aliases alone', async () => {
    const bad = [JSON.stringify(evidence[0]), JSON.stringify({ ...evidence[1], confidence: 1.5 })];
    const dir = writeDataset(sponsors, creators, undefined, bad);
    await expect(load({ client, config: configFor(dir), out: quiet })).rejects.toThrow(
      /sponsorships\.ndjson:2: confidence: .*1/,
    );
    const unknown = [JSON.stringify(evidenceRow(1, 9, 'abcdefghijk', '2024-01-01'))];
    await expect(
      load({ client, config: configFor(writeDataset(sponsors, creators, undefined, unknown)), out: quiet }),
    ).rejects.toThrow(/sponsorships\.ndjson:1: unknown sponsorId 9/);
    expect(await liveVersion(client, prefix)).toBe(first);
  });

  it('refuses counts that disagree with the rows at or above the default confidence', async () => {
    // Creator 1's third Keyforge video falls below the threshold, yet creators.ndjson still counts 3.
    const lowered = evidence.map((r) =>
      r.creatorId === 1 && r.videoId.startsWith('v1x1x2') ? { ...r, confidence: 0.4 } : r,
    );
    const dir = writeDataset(sponsors, creators, undefined, lowered);
    await expect(load({ client, config: configFor(dir), out: quiet })).rejects.toThrow(
      /sponsor 1: the creators' sponsorships count 5 videos, sponsorships\.ndjson has 4 rows/,
    );
    expect(await liveVersion(client, prefix)).toBe(first);
    expect(await versions(client, prefix)).toEqual([first]);
  });

  it('loads a dataset without the file, with a note, and serves no evidence for it', async () => {
    const { lines, out } = notes();
    const summary = await load({ client, config: configFor(writeDataset(sponsors, creators)), out });
    expect(lines.join('')).toMatch(/sponsorships\.ndjson is missing/);
    expect(summary.sponsorships).toBe(0);
    expect(await rows()).toEqual([]);
    expect((await rows('sponsors')).find((s) => s.name === 'Keyforge Labs')?.sponsorshipCount).toBe(5);
    await rollback(client, prefix);
    expect(await rows()).toHaveLength(evidence.length);
  });

  it('rolls back to a version from before evidence rows: the evidence alias then points nowhere', async () => {
    const old = (await load({ client, config: configFor(writeDataset(sponsors, creators)), out: quiet })).version;
    // As a version loaded by an indexer that knew no evidence index.
    await client.indices.delete({ index: `${prefix}sponsorships-${old}` });
    const next = await load({
      client,
      config: configFor(writeDataset(sponsors, creators, undefined, evidence)),
      out: quiet,
    });
    expect(next.previous).toBe(old);
    expect(await versions(client, prefix)).toEqual([old, next.version]);
    await rollback(client, prefix);
    expect(await liveVersion(client, prefix)).toBe(old);
    const alias = await client.indices.getAlias({ name: `${prefix}sponsorships` }, { ignore: [404] });
    expect(alias.statusCode).toBe(404);
  });
});
