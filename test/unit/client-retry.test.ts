import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CsiApiError, CsiClient } from '../../clients/typescript/src/index.ts';

// The client's own retry logic, against a stub HTTP server that answers from a script: which statuses it retries,
// how long it waits, and when it gives up. (The client against the real service: test/e2e/client.test.ts.)
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };
let server: http.Server | undefined;
afterEach(() => server?.close());

async function stub(answers: Answer[]): Promise<{ client: (o?: object) => CsiClient; hits: () => number }> {
  let hits = 0;
  server = http.createServer((_request, response) => {
    const answer = answers[Math.min(hits++, answers.length - 1)] as Answer;
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(JSON.stringify(answer.body ?? { error: { code: 'x', message: 'y' } }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { client: (o = {}) => new CsiClient({ baseUrl, apiKey: 'k', ...o }), hits: () => hits };
}

const credits = { plan: 'user', unlimited: false, balance: 5, allowance: 10, renewsAt: null };
const limited = (after: string) => ({
  status: 429,
  headers: { 'retry-after': after },
  body: { error: { code: 'rate_limited', message: 'slow down' } },
});

describe('CsiClient retries', () => {
  it('waits out Retry-After on 429 and 503, then returns the answer', async () => {
    const s = await stub([
      limited('0'),
      { status: 503, headers: { 'retry-after': '1' }, body: { error: { code: 'unavailable', message: 'm' } } },
      { status: 200, body: credits },
    ]);
    const started = Date.now();
    const result = await s.client().getCredits();
    expect(result.data).toEqual(credits);
    expect(s.hits()).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('gives up after maxRetries with the last refusal', async () => {
    const s = await stub([limited('0')]);
    const error = await s
      .client({ maxRetries: 2 })
      .getCredits()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsiApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', info: { retryAfterSeconds: 0 } });
    expect(s.hits()).toBe(3);
  });

  it('throws at once when Retry-After is longer than it may wait', async () => {
    const s = await stub([limited('60'), { status: 200, body: credits }]);
    const started = Date.now();
    await expect(s.client({ maxRetryDelayMs: 5000 }).getCredits()).rejects.toMatchObject({ status: 429 });
    expect(s.hits()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('never retries other refusals', async () => {
    for (const status of [401, 402, 403, 404, 422, 500]) {
      const s = await stub([
        { status, headers: { 'retry-after': '0' } },
        { status: 200, body: credits },
      ]);
      await expect(s.client().getCredits()).rejects.toMatchObject({ status });
      expect(s.hits(), String(status)).toBe(1);
      server?.close();
    }
  });
});
