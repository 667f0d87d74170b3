import { Writable } from 'node:stream';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type IndexerConfig, loadIndexerConfig } from '../../indexer/config.ts';
import { LoadError, load } from '../../indexer/load.ts';
import type { CreatorRecord, SnapshotRecord } from '../../indexer/records.ts';
import { creator, sponsor, writeDataset } from '../support/dataset.ts';

// snapshots.ndjson into the history indices (one per year, under one alias, outside the versioned swap), and each
// creator's asOf and growth derived from it into its document.

const prefix = `t${process.pid}_history_load_`;
const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
const client = new Client({ node: inject('opensearchUrl') });
const sponsors = [sponsor(1, 'Keyforge Labs')];

const snap = (
  c: CreatorRecord,
  date: string,
  subscribers = c.subscribers,
  totalViews = c.totalViews,
): SnapshotRecord => ({
  creatorId: c.id,
  date,
  subscribers,
  totalViews,
  videoCount: c.videoCount,
  avgViews: c.avgViews,
});

/** A data folder with its snapshots, in the order given (so a test can put one out of place). */
function folder(creators: CreatorRecord[], snapshots: SnapshotRecord[]): IndexerConfig {
  const dir = writeDataset(sponsors, creators, undefined, undefined, snapshots);
  return { ...loadIndexerConfig({ OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: prefix }), dataDir: dir };
}

async function creatorDoc(id: number) {
  const { body } = await client.get({ index: `${prefix}creators`, id: String(id) });
  return body._source as Record<string, unknown>;
}
async function historyCount(creatorId?: number): Promise<number> {
  const query = creatorId ? { term: { creatorId } } : { match_all: {} };
  return (await client.count({ index: `${prefix}history`, body: { query } })).body.count;
}

afterAll(async () => {
  await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
  await client.close();
});

const tina = creator(1, { subscribers: 1100, totalViews: 9000 });
const undated = creator(2);
const days = [snap(tina, '2026-01-10'), snap(tina, '2025-12-11', 1000, 8000), snap(tina, '2025-10-12', 800, 6000)];

describe('loading creator history', () => {
  it("loads the snapshots under the history alias, a year's index each, and dates and grows each creator", async () => {
    const summary = await load({ client, config: folder([tina, undated], days), out: quiet });
    expect(summary).toMatchObject({ snapshots: 3, creatorsWithHistory: 1 });
    const { body } = await client.indices.getAlias({ name: `${prefix}history` });
    expect(Object.keys(body).sort()).toEqual([`${prefix}history-2025`, `${prefix}history-2026`]);
    expect(await historyCount(1)).toBe(3);
    const doc = await creatorDoc(1);
    expect(doc).toMatchObject({
      asOf: '2026-01-10',
      subsGrowthPct30: 10,
      growth: {
        last30Days: { from: '2025-12-11', days: 30, subscribers: 100, subscribersPct: 10, views: 1000, viewsPct: 12.5 },
        last90Days: { from: '2025-10-12', days: 90, subscribers: 300, subscribersPct: 37.5, views: 3000, viewsPct: 50 },
      },
    });
    const bare = await creatorDoc(2);
    expect(bare).toMatchObject({ asOf: null, growth: { last30Days: null, last90Days: null } });
    expect(bare).not.toHaveProperty('subsGrowthPct30');
  });

  it('adds only the days it has not seen: a reload of the same history and a re-read day never duplicate', async () => {
    await load({ client, config: folder([tina, undated], days), out: quiet });
    expect(await historyCount()).toBe(3);
    // A day later, with the day before read again (its figures corrected): one more row, the other rewritten.
    const later = { ...tina, subscribers: 1200, totalViews: 9900 };
    const grown = [snap(later, '2026-01-11'), snap(tina, '2026-01-10', 1150, 9500), ...days.slice(1)];
    await load({ client, config: folder([later, undated], grown), out: quiet });
    expect(await historyCount()).toBe(4);
    // 2025-12-11 is 31 days before the new day and 2025-10-12 91: each window now starts a row later.
    expect((await creatorDoc(1)).growth).toMatchObject({
      last30Days: { from: '2026-01-10', days: 1, subscribers: 50 },
      last90Days: { from: '2025-12-11', days: 31 },
    });
    const { body } = await client.get({ index: `${prefix}history-2026`, id: '1:2026-01-10' });
    expect(body._source).toMatchObject({ subscribers: 1150 });
  });

  it('refuses a creator whose rows are out of order, naming the line, and changes no creator', async () => {
    const before = await creatorDoc(1);
    const shuffled = [days[1], days[0], days[2]] as SnapshotRecord[];
    const failed = load({ client, config: folder([tina, undated], shuffled), out: quiet });
    await expect(failed).rejects.toThrowError(LoadError);
    await expect(failed).rejects.toThrowError(/snapshots\.ndjson:2: creator 1: 2026-01-10 comes after 2025-12-11/);
    expect(await creatorDoc(1)).toEqual(before);
  });

  it('refuses a creator whose newest snapshot is not its figures (a stale or foreign snapshots file)', async () => {
    const moved = { ...tina, subscribers: 5000 };
    await expect(load({ client, config: folder([moved, undated], days), out: quiet })).rejects.toThrowError(
      /creators\.ndjson:1: subscribers is 5000 but the creator's newest snapshot says 1100 \(snapshots\.ndjson, 2026-01-10\)/,
    );
  });

  it('loads a dataset without snapshots as before: every creator undated', async () => {
    const config = {
      ...loadIndexerConfig({ OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: prefix }),
      dataDir: writeDataset(sponsors, [tina]),
    };
    expect(await load({ client, config, out: quiet })).toMatchObject({ snapshots: 0, creatorsWithHistory: 0 });
    expect(await creatorDoc(1)).toMatchObject({ asOf: null, growth: { last30Days: null, last90Days: null } });
  });
});
