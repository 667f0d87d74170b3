import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { announceChange, listenForChanges, noticeChannel } from '../../src/access/notices.ts';

// Account-change notices on a real Redis: delivered to every listener, and a listener whose connection dropped
// (so it may have missed some) says so once it is back.
const name = `notices-${randomBytes(4).toString('hex')}`;
const prefix = `${name}:`;
let redis: Redis;
const waitFor = async (done: () => boolean) => {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 5000) throw new Error('not within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

beforeAll(() => {
  redis = new Redis(inject('redisUrl'), { connectionName: name }); // listeners inherit the name
});
afterAll(async () => {
  await redis?.quit();
});

describe('account-change notices', () => {
  it('reach every listener, and a listener cut off reports that it may have missed some', async () => {
    const heard: string[][] = [[], []];
    let missed = 0;
    const listeners = heard.map((list) =>
      listenForChanges(redis, prefix, { changed: (id) => list.push(id), missed: () => (missed += 1) }),
    );
    // Both have subscribed once PUBSUB NUMSUB counts them.
    const channel = noticeChannel(prefix);
    const numsub = async () => Number(((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]);
    for (let waited = 0; (await numsub()) < 2; waited += 20) {
      if (waited > 5000) throw new Error('listeners did not subscribe');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await announceChange(redis, prefix, '42');
    await waitFor(() => heard.every((list) => list.length === 1));
    expect(heard).toEqual([['42'], ['42']]);
    expect(missed).toBe(0);

    // Cut off this test's listeners only (their connections carry the test's name), not other tests' apps.
    const clients = String(await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')).split('\n');
    const ours = clients.filter((line) => line.includes(` name=${name} `)).map((line) => /id=(\d+)/.exec(line)?.[1]);
    expect(ours).toHaveLength(2);
    for (const id of ours) await redis.client('KILL', 'ID', String(id));
    await waitFor(() => missed === 2);
    await announceChange(redis, prefix, '43');
    await waitFor(() => heard.every((list) => list.length === 2));
    expect(heard).toEqual([
      ['42', '43'],
      ['42', '43'],
    ]);
    await Promise.all(listeners.map((listener) => listener.close()));
  });
});

describe('closing a listener', () => {
  it('leaves no rejection unhandled when it closes while its connection is being made again', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    // The listener's own connection, to pick the moment of its close.
    let connection: Redis | undefined;
    const parent = new Redis(inject('redisUrl'), { connectionName: `${name}-closing`, lazyConnect: true });
    parent.duplicate = (options) => {
      connection = Redis.prototype.duplicate.call(parent, options);
      return connection;
    };
    try {
      const listener = listenForChanges(parent, prefix, { changed: () => {}, missed: () => {} });
      await waitFor(() => connection?.status === 'ready');
      // Subscribed; then cut off, as a Redis gone silent or restarted cuts it off.
      const clients = String(await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')).split('\n');
      const id = clients.find((line) => line.includes(` name=${name}-closing `))?.match(/id=(\d+)/)?.[1];
      expect(id).toBeDefined();
      await redis.client('KILL', 'ID', String(id));
      // The process shuts down while the new connection's ready check (INFO) waits for its answer: the close's QUIT
      // goes out after it, and whatever the client sends on becoming ready is cut off by that QUIT.
      const reconnected = connection as Redis;
      const info = reconnected.info.bind(reconnected) as (...args: unknown[]) => Promise<string>;
      let closing: Promise<void> | undefined;
      (reconnected as unknown as { info: typeof info }).info = (...args) => {
        const sent = info(...args);
        closing ??= listener.close();
        return sent;
      };
      await waitFor(() => closing !== undefined);
      await closing;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
      parent.disconnect();
    }
  });
});
