// The access pipeline's life in the app: built over Redis (the store, the checks, the account-change notices,
// settlement), it gives the app its Meter (`app.meter`, which the REST hooks and MCP share). At close, the calls
// still open are refunded shortly before the grace period ends, and refunds and confirmations Redis has not taken
// yet get a last chance.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Access } from '../access/access.ts';
import { Meter, writeHolder } from '../access/metered-call.ts';
import { listenForChanges } from '../access/notices.ts';
import { Settlement } from '../access/settle.ts';
import { AccessStore } from '../access/store.ts';
import type { Clients } from '../clients.ts';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    meter: Meter;
  }
}

/** How long closing the app waits for refunds and confirmations that Redis has not taken yet. */
export const DRAIN_MS = 3000;

interface Options {
  config: Config;
  clients: Clients;
  metrics: Metrics;
  /** The clock of credit periods; tests move it. */
  now?: () => Date;
}

export const accessPlugin = fp(async (app: FastifyInstance, { config, clients, metrics, now }: Options) => {
  if (config.accessDisabled) {
    app.decorate('meter', new Meter(undefined, config.pageSize, metrics));
    app.log.warn(
      'ACCESS_DISABLED=true: every endpoint answers without an API key and nothing is metered. Benchmarks only.',
    );
    return;
  }
  const { redis } = clients;
  const store = new AccessStore(redis, config.redisKeyPrefix, {
    reservationMs: config.reservationMs,
    beforeCheck: writeHolder(redis),
  });
  const access = new Access(store, config, { log: app.log, now, metrics });
  const meter = new Meter(access, config.pageSize, metrics);
  app.decorate('meter', meter);
  const notices = listenForChanges(redis, config.redisKeyPrefix, {
    changed: (accountId) => access.accountChanged(accountId),
    missed: () => access.accountChanged(),
  });
  app.addHook('onClose', async () => notices.close());
  const settlement = new Settlement(store, app.log, config.settleEveryMs, metrics);
  settlement.start();
  app.addHook('onClose', async () => settlement.stop());
  // A close waits for calls in flight, but the process exits once the grace period is over: shortly before, the
  // calls still running are refunded and their connections closed, so none is charged without its response and
  // the close completes in time.
  let cancel: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    const margin = Math.min(1000, config.shutdownGraceMs / 2);
    cancel = setTimeout(async () => {
      const refunded = await meter.cancelOpen();
      if (refunded) app.log.warn({ refunded }, 'shutdown: calls still running were refunded and cut off');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs - margin);
    cancel.unref();
  });
  // Refunds and confirmations Redis missed are retried in the background; on close, they get a last chance before
  // the clients go (what is still left then, settlement refunds after its deadline).
  app.addHook('onClose', async () => {
    clearTimeout(cancel);
    await access.closeBlocks();
    await Promise.all([access.refunds.drain(DRAIN_MS), access.confirmations.drain(DRAIN_MS)]);
  });
});
