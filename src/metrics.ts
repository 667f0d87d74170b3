// What an operator sees of the service, in the Prometheus text format (prom-client). One Metrics per process:
// server.ts makes it and serves it on its own port (src/http/metrics-endpoint.ts), never on the API's; tests make
// their own. Recording is a counter increment or a histogram observation: nothing here waits on I/O, except the
// info gauge, which asks OpenSearch for the live data version when it is scraped.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a cached lookup (~1 ms) to the OpenSearch timeout (2 s by default) and past it. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** What the info gauge names: which data and which ranking answer. */
export interface Live {
  dataVersion(): Promise<string>;
  profile(): { name: string; version: string };
}

export class Metrics {
  readonly registry = new Registry();
  /** What the scrape-time gauges read (`watch`). */
  private sources: { pending(): number; live: Live } | undefined;

  readonly requestDuration = new Histogram({
    name: 'csi_http_request_duration_seconds',
    help: 'HTTP requests by route (the route pattern; "unmatched" for paths we do not serve), method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly opensearchDuration = new Histogram({
    name: 'csi_opensearch_request_duration_seconds',
    help: 'Round trip of the API’s OpenSearch requests by operation, answered or not.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly opensearchTook = new Histogram({
    name: 'csi_opensearch_took_seconds',
    help: 'OpenSearch’s own `took` of the searches it answered, by operation.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly opensearchErrors = new Counter({
    name: 'csi_opensearch_errors_total',
    help: 'OpenSearch requests that failed, by kind: busy (too many pending), no_answer, unreadable, status_4xx, status_5xx.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly shed = new Counter({
    name: 'csi_shed_total',
    help: 'Calls answered 503 before any work because a queue of searches stood (load shed, free), by operation.',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  readonly redisErrors = new Counter({
    name: 'csi_redis_errors_total',
    help: 'Redis failures by what failed: connection (the client lost it), access, lookup, ip_limit, refund, confirm, settle.',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  readonly creditsCharged = new Counter({
    name: 'csi_credits_charged_total',
    help: 'Credits reserved by granted calls, by plan and operation (refunds are counted apart: net = charged - refunded).',
    labelNames: ['plan', 'operation'] as const,
    registers: [this.registry],
  });

  readonly creditsRefunded = new Counter({
    name: 'csi_credits_refunded_total',
    help: 'Credits given back for calls that did not succeed, by plan and operation.',
    labelNames: ['plan', 'operation'] as const,
    registers: [this.registry],
  });

  readonly creditsSettled = new Counter({
    name: 'csi_credits_settled_total',
    help: 'Credits settlement gave back: reservations neither confirmed nor refunded by their deadline (an API process killed mid-call, or cut off from Redis for longer).',
    registers: [this.registry],
  });

  readonly lateConfirmations = new Counter({
    name: 'csi_late_confirmations_total',
    help: 'Calls whose answer was written but whose confirmation reached Redis after settlement had refunded them: served free.',
    registers: [this.registry],
  });

  readonly refundsLost = new Counter({
    name: 'csi_refunds_lost_total',
    help: 'Refunds of charged calls that found no record of the call in Redis (expired): the credit stays spent. Each is also logged.',
    registers: [this.registry],
  });

  readonly refusals = new Counter({
    name: 'csi_refusals_total',
    help: 'Calls refused, by error code: unauthorized (401), out_of_credits and key_cap_reached (402), forbidden (403), rate_limited (429), unavailable (503).',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  constructor() {
    const sources = () => this.sources;
    new Gauge({
      name: 'csi_search_pending',
      help: 'OpenSearch requests of the API in flight or waiting for a connection (503 past OPENSEARCH_MAX_PENDING).',
      registers: [this.registry],
      collect() {
        this.set(sources()?.pending() ?? 0);
      },
    });
    new Gauge({
      name: 'csi_info',
      help: 'Always 1; its labels name the live data version (the index behind the creators alias) and ranking profile.',
      labelNames: ['data_version', 'ranking_profile', 'ranking_version'] as const,
      registers: [this.registry],
      async collect() {
        const live = sources()?.live;
        if (!live) return;
        const dataVersion = await live.dataVersion().catch(() => 'unknown');
        const { name, version } = live.profile();
        this.reset();
        this.set({ data_version: dataVersion, ranking_profile: name, ranking_version: version }, 1);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** What the gauges read at scrape time: the search pool's queue and what answers. */
  watch(sources: { pending(): number; live: Live }): void {
    this.sources = sources;
  }
}

/** The statuses of a refused call, counted by `refusals` under their error code. */
export const REFUSED = new Set([401, 402, 403, 429, 503]);
