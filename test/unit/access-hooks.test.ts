import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Access, type Grant, openGrant } from '../../src/access/access.ts';
import { Meter } from '../../src/access/metered-call.ts';
import type { RefundOf } from '../../src/access/refunds.ts';
import { ApiError } from '../../src/contract/error.ts';
import { accessHooks } from '../../src/http/access-hooks.ts';

const charged = (pageSize = 25): Grant => ({
  ...openGrant(pageSize),
  accountId: 'a1',
  callId: 'c1',
  unlimited: false,
  balance: 9,
  charged: 1,
});

/**
 * A stand-in for the access pipeline of a key granted before: its calls go ahead of their check (`ahead`), or wait
 * for it. `check` says how the check ends; `refunds` records what was given back.
 */
function stubAccess(events: string[], check: () => Grant, ahead = true) {
  const refunds: string[] = [];
  const confirmed: string[] = [];
  const authorize = async () => {
    events.push('check');
    return check();
  };
  const access = {
    identify: () => 'digest',
    addressOf: (ip: string) => ip,
    fromBlock: () => undefined,
    goAhead: () =>
      ahead ? { pageSize: 25, signal: new AbortController().signal, check: authorize, release: () => {} } : undefined,
    authorize,
    giveBack: async ({ accountId, callId }: RefundOf) => {
      refunds.push(`${accountId}/${callId}`);
    },
    confirm: ({ accountId, callId }: Grant) => confirmed.push(`${accountId}/${callId}`),
  } as unknown as Access;
  return { meter: new Meter(access, 25), refunds, confirmed };
}

const caller = { authorization: 'Bearer x', ip: '127.0.0.1', cost: 1, valid: true };

describe('a metered call on the REST routes', () => {
  /** One billable route that "sends its search" as undici does on a reused keep-alive socket: from a setImmediate. */
  async function appWith(events: string[], check: () => Grant) {
    const { meter } = stubAccess(events, check);
    const app = Fastify();
    await app.register(accessHooks, { meter });
    app.get('/search', { config: { cost: 1 } }, async (request) => {
      await new Promise((resolve) => setImmediate(() => resolve(events.push('search sent'))));
      return { pageSize: request.call?.pageSize };
    });
    return app;
  }

  it('sends the check of a call that went ahead after its search, and answers with the handler result', async () => {
    const events: string[] = [];
    const app = await appWith(events, () => charged());
    const response = await app.inject({ url: '/search', headers: { authorization: 'Bearer x' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pageSize: 25 });
    expect(events).toEqual(['search sent', 'check']);
    expect(response.headers['x-credits-charged']).toBe('1');
    await app.close();
  });

  it('confirms a call once its whole answer is written', async () => {
    const { meter, refunds, confirmed } = stubAccess([], () => charged());
    const app = Fastify();
    await app.register(accessHooks, { meter });
    app.get('/search', { config: { cost: 1 } }, async () => ({ found: 1 }));
    expect((await app.inject({ url: '/search', headers: { authorization: 'Bearer x' } })).statusCode).toBe(200);
    expect(confirmed).toEqual(['a1/c1']);
    expect(refunds).toEqual([]);
    await app.close();
  });

  it.each([true, false])('refunds a call whose client hung up before its answer (went ahead: %s)', async (ahead) => {
    const { meter, refunds, confirmed } = stubAccess([], () => charged(), ahead);
    const app = Fastify();
    await app.register(accessHooks, { meter });
    let answered: () => void = () => {};
    const handled = new Promise<void>((resolve) => {
      answered = resolve;
    });
    app.get('/search', { config: { cost: 1 } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      setTimeout(answered, 20);
      return { found: 1 };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1', () => {
      socket.write('GET /search HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x\r\n\r\n');
      setTimeout(() => socket.destroy(), 5);
    });
    await handled;
    expect(refunds).toEqual(['a1/c1']);
    expect(confirmed).toEqual([]);
    await app.close();
  });

  it('runs the handler again when the plan changed its page size since the last call', async () => {
    const events: string[] = [];
    const app = await appWith(events, () => charged(10));
    const response = await app.inject({ url: '/search', headers: { authorization: 'Bearer x' } });
    expect(response.json()).toEqual({ pageSize: 10 });
    expect(events).toEqual(['search sent', 'check', 'search sent']);
    await app.close();
  });

  it('answers a refused check with its error, never the handler result, and no credit headers', async () => {
    const app = await appWith([], () => {
      throw new ApiError(402, 'out_of_credits', 'No credits left this period.');
    });
    const response = await app.inject({ url: '/search', headers: { authorization: 'Bearer x' } });
    expect(response.statusCode).toBe(402);
    expect(response.headers['x-credits-charged']).toBeUndefined();
    await app.close();
  });
});

describe('a metered call', () => {
  it('is refunded once however often it is settled as failed, and a success after that changes nothing', async () => {
    const { meter, refunds } = stubAccess([], () => charged(), false);
    const call = await meter.begin(caller);
    await call.settle(false);
    await call.settle(false);
    await call.settle(true);
    expect(refunds).toEqual(['a1/c1']);
    expect(call.grant).toMatchObject({ charged: 0, balance: 10 });
  });

  it('keeps its charge once settled as a success, and confirms it once', async () => {
    const { meter, refunds, confirmed } = stubAccess([], () => charged(), false);
    const call = await meter.begin(caller);
    await call.settle(true);
    await call.settle(false);
    await call.settle(true);
    expect(refunds).toEqual([]);
    expect(confirmed).toEqual(['a1/c1']);
    expect(await meter.cancelOpen()).toBe(0);
  });

  it('that went ahead and ended before its check answered is refunded once the check grants it', async () => {
    const { meter, refunds, confirmed } = stubAccess([], () => charged());
    const call = await meter.begin(caller, { mayGoAhead: true });
    const running = call.run(async () => 'found');
    await call.settle(false); // the client left while the check was on its way
    expect(refunds).toEqual([]);
    await running;
    expect(refunds).toEqual(['a1/c1']);
    expect(confirmed).toEqual([]);
    expect(await meter.cancelOpen()).toBe(0);
  });

  it('is refunded and cancelled at shutdown while its response is undecided, and only then', async () => {
    const { meter, refunds } = stubAccess([], () => charged(), false);
    const open = await meter.begin(caller);
    const done = await meter.begin(caller);
    await done.settle(true);
    expect(await meter.cancelOpen()).toBe(1);
    expect(open.isCancelled).toBe(true);
    expect(done.isCancelled).toBe(false);
    await open.settle(false);
    expect(refunds).toEqual(['a1/c1']);
  });

  it('served from a block of credits settles there once: refunded at shutdown, its later failure changes nothing', async () => {
    const settled: boolean[] = [];
    const fromBlock = () => ({ ...charged(), block: { settle: (kept: boolean) => settled.push(kept) } });
    const access = {
      identify: () => 'digest',
      addressOf: (ip: string) => ip,
      fromBlock,
      confirm: (grant: Grant) => grant.block?.settle(true),
    } as unknown as Access;
    const meter = new Meter(access, 25);
    const [cancelled, served] = [await meter.begin(caller), await meter.begin(caller)];
    await served.settle(true);
    expect(await meter.cancelOpen()).toBe(1);
    await cancelled.settle(false);
    await cancelled.settle(true);
    await served.settle(true);
    expect(settled).toEqual([true, false]);
  });

  it('that went ahead is held for shutdown only once its check has granted it', async () => {
    const events: string[] = [];
    const { meter } = stubAccess(events, () => charged());
    const call = await meter.begin(caller, { mayGoAhead: true });
    expect(call.grant).toBeUndefined();
    expect(await meter.cancelOpen()).toBe(0);
    await call.run(async () => 'found');
    expect(await meter.cancelOpen()).toBe(1);
  });
});
