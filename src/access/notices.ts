// Account changes, announced to every API process, so a revoked, downgraded or emptied account stops going ahead
// of its checks (ahead.ts) within milliseconds instead of at its next refusal.
import { duplicateRedis, type RedisClient } from '../clients.ts';

export const noticeChannel = (prefix: string) => `${prefix}accounts:changed`;

const HEARTBEAT_MS = 2000;

/** Says that an account's keys, plan or credits changed. Never throws: a lost notice costs speed, not money. */
export async function announceChange(redis: RedisClient, prefix: string, accountId: string): Promise<void> {
  await redis.publish(noticeChannel(prefix), accountId).catch(() => undefined);
}

export interface NoticeHandlers {
  /** An account changed. */
  changed(accountId: string): void;
  /** Notices may have been missed: forget every account. */
  missed(): void;
}

/** Listens on its own connection (a subscribed connection runs no other commands); `close` ends it. */
/**
 * A process remembers keys it has seen (their account) and which of them may send their search ahead of the access
 * check. The credit script is the authority and refuses such an account on its next call anyway; the notice only
 * stops those calls from going ahead meanwhile, so a change costs OpenSearch no searches once it has arrived.
 * Pub/sub is fire-and-forget: a process that was disconnected when a notice went out forgets everything it
 * remembers when it reconnects, rather than trust what it may have missed.
 */
export function listenForChanges(
  redis: RedisClient,
  prefix: string,
  on: NoticeHandlers,
): { close: () => Promise<void> } {
  // Not ioredis's own renewal of the channels at a reconnect: it sends that SUBSCRIBE without a handler, so when the
  // connection is cut off before the answer (a close while it waits, a Redis silent again) its rejection ("Connection
  // is closed.", "Command timed out") is unhandled and ends the process. The 'ready' handler below subscribes instead.
  const listener = duplicateRedis(redis, { lazyConnect: true, autoResubscribe: false });
  const channel = noticeChannel(prefix);
  let connectedBefore = false;
  listener.on('error', () => undefined); // the main connection logs outages
  // Subscribed at every connection: a subscription sent while Redis was still down would be dropped, and ioredis
  // renews none (above).
  listener.on('ready', () => {
    if (connectedBefore) on.missed();
    connectedBefore = true;
    listener.subscribe(channel).catch(() => undefined);
  });
  // On a Redis Cluster the client moves a subscription whose node is gone to another node without a new
  // `ready`: notices sent meanwhile are lost too.
  listener.on('-node', () => on.missed());
  listener.on('message', (from: string, accountId: string) => {
    if (from === channel) on.changed(accountId);
  });
  listener.connect().catch(() => undefined);
  // A subscribed connection sends nothing, so nothing would tell that it went silent (and notices with it): a PING
  // every HEARTBEAT_MS makes its socket timeout (clients.ts) drop a dead one, and the reconnect reports notices missed.
  const heartbeat = setInterval(() => {
    if (listener.status === 'ready') listener.ping().catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    close: async () => {
      clearInterval(heartbeat);
      await listener.quit().catch(() => undefined);
      listener.disconnect();
    },
  };
}
