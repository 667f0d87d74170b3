import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorSummary } from '../../src/contract/resources.ts';
import { createTestApp, getWithKey, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// GET /creators/export on 1,200 creators that all match BROAD: the rows equal the search's JSON pages, Python's csv
// module reads the CSV as Excel would, and credits are what paging would cost, whether the export ends whole, finds
// few rows or its client hangs up.

let data: Awaited<ReturnType<typeof loadRecords>>;
let t: TestApp;
const BROAD = 'keyboard';
/** 30 of them also match FEW. */
const FEW = 'switch';
const PAGE = 25;
/** Names a spreadsheet could take for formulas, and text CSV must quote. */
const AWKWARD = [
  '=Keyboard SUM(A1)',
  '+Keyboard Plus',
  '-Keyboard Minus',
  '@Keyboard At',
  'Keyboard, "Quoted" Bäuer 🎹',
];

beforeAll(async () => {
  const creators = Array.from({ length: 1200 }, (_, i) =>
    creator(i + 1, {
      name: AWKWARD[i] ?? `Keyboard Builder ${i + 1}${i < 30 + AWKWARD.length ? ' Switch' : ''}`,
      subscribers: 5_000_000 - i * 1000,
    }),
  );
  data = await loadRecords('export', [sponsor(1, 'Keyforge Labs')], creators);
  t = await createTestApp({
    INDEX_PREFIX: data.prefix,
    LOG_LEVEL: 'silent',
    PAGE_SIZE: String(PAGE),
    IP_RATE_PER_MIN: '100000',
    PLAN_USER_RATE_PER_MIN: '100000',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await data?.drop();
}, 60_000);

const balance = async (accountId: string) =>
  Number(await t.clients.redis.hget(`${t.config.redisKeyPrefix}{acct:${accountId}}`, 'balance'));

/** The search's creators, page after page, as a client pages them (an unlimited key). */
async function pages(query: string, count: number, extra = ''): Promise<CreatorSummary[]> {
  const creators: CreatorSummary[] = [];
  for (let page = 1; creators.length < count; page++) {
    const body = (await t.get(`/api/v1/creators?query=${query}&page=${page}${extra}`)).json();
    creators.push(...body.creators);
    if (!body.hasMore) break;
  }
  return creators.slice(0, count);
}

/** The CSV as Python's csv module reads it (utf-8-sig drops the byte order mark, as Excel does). */
function pythonRows(csv: string): Record<string, string>[] {
  const script =
    'import csv, io, json, sys; print(json.dumps(list(csv.DictReader(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", newline="")))))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: Buffer.from(csv, 'utf8') }).toString());
}

/** What a cell of the CSV says for a creator, written here from the contract's fields, not from the exporter. */
const text = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);
const shown = (value: unknown) => (value === null || value === undefined ? '' : String(value));

describe('GET /api/v1/creators/export', () => {
  it('streams 1,000 creators as CSV that Python’s csv module reads back equal to the JSON pages, for what the pages cost', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 100 });
    const response = await getWithKey(t, `/api/v1/creators/export?query=${BROAD}&max_rows=1000&sort=subs_desc`, key);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="creators.csv"');
    expect(response.headers['x-credits-reserved']).toBe('40');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.split('\r\n')[0]).toMatch(/^\uFEFF?"id","name","handle",/);

    const rows = pythonRows(response.body);
    const expected = await pages(BROAD, 1000, '&sort=subs_desc');
    expect(expected).toHaveLength(1000);
    expect(rows).toHaveLength(1000);
    rows.forEach((row, i) => {
      const c = expected[i] as CreatorSummary;
      expect(row).toMatchObject({
        id: c.id,
        name: text(c.name),
        handle: text(c.handle),
        country: shown(c.country),
        verified: String(c.verified),
        topSponsors: c.topSponsors.join('; '),
        subscribers: String(c.subscribers),
        engagementRate: shown(c.engagementRate),
        subscribersGrowth30DaysPct: shown(c.growth.last30Days?.subscribersPct),
        asOf: shown(c.asOf),
      });
    });
    // Creator text that starts like a formula is shown as text; quotes, commas and emoji come back whole.
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(["'=Keyboard SUM(A1)", "'@Keyboard At"]));
    expect(rows.map((row) => row.name)).toContain('Keyboard, "Quoted" Bäuer 🎹');
    // 1,000 rows in pages of 25: 40 credits, as paging them would cost.
    expect(response.trailers['x-credits-charged']).toBe('40');
    expect(response.trailers['x-credits-remaining']).toBe('60');
    await expect.poll(() => balance(accountId)).toBe(60);
  });

  it('streams NDJSON, one CreatorSummary a line, and refunds the pages it did not send', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 100 });
    const response = await getWithKey(t, `/api/v1/creators/export?query=${BROAD}&max_rows=60&format=ndjson`, key);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['x-credits-reserved']).toBe('3');
    const lines = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(await pages(BROAD, 60));
    expect(response.trailers['x-credits-charged']).toBe('3');
    await expect.poll(() => balance(accountId)).toBe(97);

    // Few matches: 1,000 rows reserved (40 credits), the pages sent kept, the rest refunded at once.
    const few = await getWithKey(t, `/api/v1/creators/export?query=${FEW}&max_rows=1000&format=ndjson`, key);
    const found = few.body.trimEnd().split('\n').length;
    expect(found).toBe(30);
    expect(few.headers['x-credits-reserved']).toBe('40');
    expect(few.trailers['x-credits-charged']).toBe(String(Math.ceil(found / PAGE)));
    await expect.poll(() => balance(accountId)).toBe(97 - Math.ceil(found / PAGE));
  });

  it('costs one credit, like an empty search page, when nothing matches', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 10 });
    const response = await getWithKey(t, '/api/v1/creators/export?query=zzqxv-nothing-here&max_rows=100', key);
    expect(response.statusCode).toBe(200);
    expect(pythonRows(response.body)).toEqual([]);
    expect(response.trailers['x-credits-charged']).toBe('1');
    await expect.poll(() => balance(accountId)).toBe(9);
  });

  it('refuses what it cannot export with a 4xx in the contract’s shape, and charges nothing', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 10 });
    for (const params of [
      `query=${BROAD}&max_rows=1001`,
      `query=${BROAD}&max_rows=0`,
      `query=${BROAD}&max_rows=ten`,
      `query=${BROAD}&format=xlsx`,
      'query=',
      'max_rows=10',
    ]) {
      const response = await getWithKey(t, `/api/v1/creators/export?${params}`, key);
      expect(response.statusCode, params).toBe(422);
      expect(response.json().error.code, params).toBe('invalid_request');
    }
    // 1,000 rows would reserve 40 credits: a balance of 10 is told so, and how to ask for less.
    const short = await getWithKey(t, `/api/v1/creators/export?query=${BROAD}`, key);
    expect(short.statusCode).toBe(402);
    expect(short.json().error).toEqual({
      code: 'out_of_credits',
      message: expect.stringMatching(/reserves up to 40 credits for its 1000 rows, and 10 are left: lower max_rows/),
    });
    expect(await balance(accountId)).toBe(10);
    expect((await getWithKey(t, `/api/v1/creators/export?query=${BROAD}&max_rows=250`, key)).statusCode).toBe(200);
  });

  it('charges a client that hangs up mid-stream only for the pages sent before it left', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { key, accountId } = await t.key({ unlimited: false, allowance: 100 });
    const received = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          path: `/api/v1/creators/export?query=${BROAD}&max_rows=1000`,
          headers: { authorization: `Bearer ${key}` },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            req.destroy(); // after the first piece: the header row and a page or so
            resolve(bytes);
          });
        },
      );
      req.on('error', () => {});
      req.on('close', () => resolve(0));
      req.end();
      setTimeout(() => reject(new Error('no answer')), 10_000);
    });
    expect(received).toBeGreaterThan(0);
    // The refund of the pages not sent lands when the server sees the socket close.
    await expect.poll(() => balance(accountId), { timeout: 5000 }).toBeGreaterThan(60);
    const spent = 100 - (await balance(accountId));
    expect(spent).toBeGreaterThanOrEqual(0);
    expect(spent).toBeLessThan(40);
    const usage = (await getWithKey(t, '/api/v1/usage', key)).json();
    expect(usage.spent).toBe(spent);
    expect(usage.endpoints).toEqual(spent ? [{ operation: 'exportCreators', spent }] : []);
  });
});
