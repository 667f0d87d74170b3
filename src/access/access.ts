// The access pipeline of DESIGN.md, independent of HTTP so the REST hooks and the MCP tools share it:
// per-IP limit → API key (401) → plan (403) → per-key limit (429) → [validation, 422] → credits (402).
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { ApiError, unavailable } from '../contract/error.ts';
import type { Metrics } from '../metrics.ts';
import { limitedAddress } from './address.ts';
import { Ahead, type GoAhead } from './ahead.ts';
import { Blocks } from './blocks.ts';
import { Confirmations } from './confirmations.ts';
import { bearerKey, digestOf, sameDigest, wellFormed } from './keys.ts';
import { type Count, exceeded, Limits, rateLimitHeaders, type Window } from './limits.ts';
import { type Log, type RefundOf, Refunds } from './refunds.ts';
import type { AccessOutcome, AccessStore, Granted, KeyRef, RateWindow } from './store.ts';

export interface Caller {
  authorization: string | undefined;
  ip: string;
  /** Credits the call costs when it is valid: 0 for free endpoints. */
  cost: number;
  /** False when the parameters will fail validation: the call is checked but not charged. */
  valid: boolean;
  /** The spec's operationId, for metrics and usage; absent for messages that are not an operation (MCP's free methods). */
  operation?: string;
  /** An export's most rows: it reserves what they cost in pages of the plan's size, instead of `cost`. */
  rows?: number;
  /** False for a call that waited for a block of credits that could not serve it: it asks for none. */
  block?: false;
}

/** A call that may proceed: what the credit script answered, plus what the handlers need. */
export interface Grant extends Omit<Granted, 'status' | 'window' | 'cost'> {
  accountId: string;
  /** Names the call's reservation in Redis; '-' for calls that reserve nothing. */
  callId: string;
  /** When the check was sent (ms): the call's record in Redis lives CALL_TTL_MS from about then. */
  checkedAt: number;
  /** The caller's operation, for metrics. */
  operation: string;
  pageSize: number;
  /** Headers every response to this call carries (rate limits, credits). */
  headers: Record<string, string>;
  /** A call served from a block of credits (blocks.ts): its decision goes there, not to Redis. */
  block?: { settle(kept: boolean): void };
}

/** What every call gets when access is disabled (benchmarks only): no key, no metering. */
export function openGrant(pageSize: number): Grant {
  return {
    accountId: '-',
    callId: '-',
    checkedAt: 0,
    operation: '-',
    plan: 'user',
    pageSize,
    unlimited: true,
    balance: null,
    allowance: 0,
    renewsAt: null,
    charged: 0,
    periodId: '-',
    headers: {},
  };
}

/** The Credits resource (§2.8) of a caller, as its access check has just read it. */
export function creditsOf({ plan, unlimited, balance, allowance, renewsAt }: Grant) {
  return { plan, unlimited, balance, allowance, renewsAt };
}

/**
 * Names a billable call's reservation in Redis: unique across processes and restarts (a random prefix per process)
 * for far less than a random id per call costs.
 */
const CALL_ID_PREFIX = randomBytes(12).toString('base64url');
let callCount = 0;
const nextCallId = () => `${CALL_ID_PREFIX}${(callCount++).toString(36)}`;

/** A call's reservation as its check asks for it. */
interface Reservation {
  cost: number;
  rows?: number;
  callId: string;
  operation: string;
  /** When the check was sent (ms). */
  since: number;
  /** Calls to reserve at once as a block (blocks.ts), this one first. */
  block?: number;
}

/** How many keys an API process remembers the account of. */
const KNOWN_KEYS = 10_000;

/** The 401 of a missing, malformed, unknown or revoked key: the same for all, so none can be told apart. */
export const unauthorized = () =>
  new ApiError(401, 'unauthorized', 'A valid API key is required: send Authorization: Bearer <key>.', {
    'www-authenticate': 'Bearer',
  });

export interface AccessOptions {
  log: Log;
  /** The clock of credit periods; tests move it. */
  now?: () => Date;
  /** Credits charged and refunded, Redis failures. */
  metrics?: Metrics;
}

/**
 * A call costs at most two Redis round trips: (1) the IP count and the key lookup, together; (2) one script on the
 * account's slot for key, plan, key window and credits. For a key this process has seen before, it is one round
 * trip: on one Redis server a single script that counts the address too, on a cluster the script alongside the IP
 * count. A metered call has an id: its reservation is given back (once, by that id) when the call fails
 * (metered-call.ts), and also when its check fails to answer, since the script may still run once Redis does. Some
 * calls go ahead of their check (the fast path of ahead.ts): `goAhead`.
 */
export class Access {
  /** Requests per minute and page size of each plan with API access. */
  private readonly plans: { limits: Record<string, number>; pageSizes: Record<string, number> };
  /** Keys seen before, by digest. The account and key never change (revocation is checked by the script). */
  private readonly known = new Map<string, KeyRef>();
  private readonly ahead: Ahead;
  private readonly blocks: Blocks<Grant>;
  /** The refunds of blocks that have ended, while they are sent (shutdown waits for them). */
  private readonly ending = new Set<Promise<void>>();
  readonly refunds: Refunds;
  readonly confirmations: Confirmations;
  private readonly now: () => Date;
  private readonly metrics: Metrics | undefined;

  private readonly limits: Limits;

  constructor(
    private readonly store: AccessStore,
    private readonly config: Pick<
      Config,
      'plans' | 'keyPrefix' | 'ipPerMinute' | 'ipv6LimitPrefix' | 'accessAhead' | 'accessBlocks'
    >,
    { log, now = () => new Date(), metrics }: AccessOptions,
  ) {
    this.limits = new Limits(store, (err, what) => {
      metrics?.redisErrors.inc({ operation: 'ip_limit' });
      log.warn({ err }, `${what} failed open`);
    });
    this.ahead = new Ahead(config.accessAhead);
    this.refunds = new Refunds(store, log, metrics);
    this.confirmations = new Confirmations(store, log, metrics);
    // On a cluster the address is counted apart from the script, which could not count a block's calls there.
    this.blocks = new Blocks(config.accessBlocks && store.countsAddresses, {
      kept: ({ accountId, callId }, nth) => this.confirmations.keptInBlock(accountId, callId, nth),
      ended: (grant, keep, made) => this.endBlock(grant, keep, made),
    });
    this.now = now;
    this.metrics = metrics;
    const withApi = Object.entries(config.plans).filter(([, plan]) => plan.api);
    this.plans = {
      limits: Object.fromEntries(withApi.map(([name, plan]) => [name, plan.perMinute])),
      pageSizes: Object.fromEntries(withApi.map(([name, plan]) => [name, plan.pageSize])),
    };
  }

  /** What the per-address limit counts a client address under (an IPv6 one by its network). */
  addressOf(ip: string): string {
    return limitedAddress(ip, this.config.ipv6LimitPrefix);
  }

  /** The digest of a well-formed key in an Authorization header; undefined for anything else. */
  identify(authorization: string | undefined): string | undefined {
    const key = bearerKey(authorization);
    return key && wellFormed(key, this.config.keyPrefix) ? digestOf(key) : undefined;
  }

  /**
   * The call's check, to run alongside its handler when the call may go ahead of it (ahead.ts); undefined when the
   * call must wait for `authorize` instead.
   */
  goAhead(caller: Caller, digest = this.identify(caller.authorization)): GoAhead<Grant> | undefined {
    return this.ahead.take(digest, caller, () => this.authorize(caller, digest));
  }

  /**
   * A grant from the block of credits this key, operation and address hold here (blocks.ts), if one serves; while
   * one is asked for, from that block once it answers (undefined if it cannot serve the call).
   */
  fromBlock(caller: Caller, digest: string | undefined): Grant | Promise<Grant | undefined> | undefined {
    const key = blockKey(caller, digest);
    if (key === undefined) return;
    return this.blocks.take(key) ?? this.blocks.asking(key)?.then(() => this.blocks.take(key));
  }

  async authorize(caller: Caller, digest = this.identify(caller.authorization)): Promise<Grant> {
    const key = digest && this.known.has(digest) ? blockKey(caller, digest) : undefined;
    const block = key === undefined ? undefined : this.blocks.ask(key);
    try {
      const [grant, window] = await this.check(caller, digest, block);
      if (!block || key === undefined) return grant;
      const first = this.blocks.answered(key, grant, grant.charged, window);
      // The account changed while the check ran (accountChanged ran): the block serves this call only.
      if (first && this.known.get(digest as string)?.accountId !== grant.accountId) this.blocks.close(grant.accountId);
      return first ?? grant;
    } catch (error) {
      if (block && key !== undefined) this.blocks.failed(key);
      // Any refusal (or outage) stops this key from going ahead until a billable call is granted again.
      if (digest) this.ahead.refused(digest);
      throw error;
    }
  }

  /** The call's grant, and the key's window as the check counted it. */
  private async check(caller: Caller, digest: string | undefined, block?: number): Promise<[Grant, RateWindow]> {
    const known = digest ? this.known.get(digest) : undefined;
    const operation = caller.operation ?? '-';
    const call: Reservation = {
      cost: caller.valid ? caller.cost : 0,
      rows: caller.valid ? caller.rows : undefined,
      callId: nextCallId(),
      operation,
      since: Date.now(),
      block,
    };
    const [ipCount, ref, reserved] = await this.firstTrip(caller, digest, known, call);
    const ipWindow: Window = { name: 'ip', limit: this.config.ipPerMinute, ...ipCount };
    this.ahead.counted(
      caller.ip,
      ipCount.used === undefined ? undefined : ipWindow.limit - ipCount.used,
      ipCount.resetMs,
    );
    if (exceeded(ipWindow)) {
      if (known && reserved && 'charged' in reserved && reserved.charged) {
        await this.giveBack({ accountId: known.accountId, callId: call.callId, since: call.since, charged: true });
      }
      throw rateLimited(ipWindow, 'this address');
    }
    if (!digest || !ref || !sameDigest(ref.digest, digest)) {
      throw unauthorized();
    }
    if (!known) this.remember(digest, ref);

    const outcome = reserved ?? (await this.reserve(ref, call));
    if (outcome.status === 'ip_limited') throw rateLimited(ipWindow, 'this address'); // counted over, refused above
    if (outcome.status === 'cancelled') throw storeDown(new Error(`call ${call.callId} was given up`));
    if (outcome.status === 'unauthorized') {
      this.forget(digest);
      throw unauthorized();
    }
    if (outcome.status === 'forbidden') {
      throw new ApiError(403, 'forbidden', `The ${outcome.plan} plan has no API access; upgrade to use the API.`);
    }
    const keyWindow: Window = { name: 'key', ...outcome.window };
    if (outcome.status === 'rate_limited') throw rateLimited(keyWindow, 'this API key');
    const plan = this.config.plans[outcome.plan];
    if (outcome.status === 'out_of_credits' || outcome.status === 'key_capped') {
      throw outOfCredits(outcome, call.rows, rateLimitHeaders(keyWindow));
    }
    // Unless the account changed while this check ran (accountChanged forgot the key): then it waits for a grant.
    if (call.cost > 0 && this.known.get(digest) === ref) {
      const left = Math.min(outcome.balance ?? Number.POSITIVE_INFINITY, outcome.capLeft ?? Number.POSITIVE_INFINITY);
      this.ahead.granted(digest, plan.pageSize, left);
    }
    const { status: _status, window, cost: _cost, ...granted } = outcome;
    if (granted.charged) this.metrics?.creditsCharged.inc({ plan: granted.plan, operation }, granted.charged);
    const grant = {
      ...granted,
      accountId: ref.accountId,
      callId: call.callId,
      checkedAt: call.since,
      operation,
      pageSize: plan.pageSize,
      headers: rateLimitHeaders(keyWindow),
    };
    return [grant, window];
  }

  /** A block has ended and its calls have settled: it keeps what they kept, and the rest goes back. */
  private endBlock(grant: Grant, keep: number, made: number): void {
    const back = grant.charged - keep;
    if (back === 0) {
      this.confirm(grant);
      return;
    }
    this.metrics?.creditsRefunded.inc({ plan: grant.plan, operation: grant.operation }, back);
    const unmade = grant.charged - made;
    const sent = this.giveBack({ ...grant, since: grant.checkedAt, charged: true, keep, unmade }).finally(() =>
      this.ending.delete(sent),
    );
    this.ending.add(sent);
  }

  /** For shutdown: every block serves no more calls, and those done are settled. */
  async closeBlocks(): Promise<void> {
    this.blocks.stop();
    await Promise.all(this.ending);
  }

  /**
   * The first round trip: the address's count, the key's reference and, for a key seen before, its credit script.
   * On one Redis server the script counts the address itself: one command. Otherwise the count goes alongside; a
   * new key is looked up first, and so is the count of an address already at its limit, which reserves nothing then.
   * Either way the script itself refuses a revoked key.
   */
  private async firstTrip(
    caller: Caller,
    digest: string | undefined,
    known: KeyRef | undefined,
    call: Reservation,
  ): Promise<[Count, KeyRef | undefined, AccessOutcome | undefined]> {
    if (known && this.store.countsAddresses) {
      const outcome = await this.reserve(known, call, { address: caller.ip, limit: this.config.ipPerMinute });
      return [outcome.ip ?? {}, known, outcome];
    }
    const early = known && !this.ahead.full(caller.ip);
    return Promise.all([
      this.limits.ip(caller.ip),
      known ?? (digest ? this.store.lookup(digest).catch((error) => this.storeDown(error, 'lookup')) : undefined),
      early ? this.reserve(known, call) : undefined,
    ]);
  }

  /**
   * The credit script for one call. When it fails to answer (a timeout, a dropped connection) it may still run
   * later, or have run: the call's refund is sent (and retried) at once, and cancels it either way.
   */
  private async reserve(
    ref: KeyRef,
    call: Reservation,
    ip?: { address: string; limit: number },
  ): Promise<AccessOutcome> {
    try {
      return await this.store.access(ref, call, this.plans, this.now(), ip);
    } catch (error) {
      if (call.cost > 0)
        void this.giveBack({ accountId: ref.accountId, callId: call.callId, since: call.since, charged: false });
      return this.storeDown(error, 'access');
    }
  }

  /** Gives back what a call reserved, now or once Redis answers (metered-call.ts decides when). */
  async giveBack(call: RefundOf): Promise<void> {
    if (!(await this.refunds.refund(call))) this.metrics?.redisErrors.inc({ operation: 'refund' });
  }

  /** The call's answer was written: its charge stands (sent in a batch, off the response path, or by its block). */
  confirm({ accountId, callId, block }: Grant): void {
    if (block) block.settle(true);
    else this.confirmations.confirm(accountId, callId);
  }

  private storeDown(error: unknown, operation: string): never {
    this.metrics?.redisErrors.inc({ operation });
    return storeDown(error);
  }

  /** Bounded: the oldest entry goes first. */
  private remember(digest: string, ref: KeyRef): void {
    if (this.known.size >= KNOWN_KEYS) this.forget(this.known.keys().next().value as string);
    this.known.set(digest, ref);
  }

  private forget(digest: string): void {
    this.known.delete(digest);
    this.ahead.forget(digest);
  }

  /**
   * An account's keys, plan or credits changed (notices.ts): its keys are looked up again and go ahead of their
   * checks only once granted again. `undefined`: notices may have been missed, so every account is treated so.
   */
  accountChanged(accountId?: string): void {
    this.blocks.close(accountId);
    if (accountId === undefined) {
      this.known.clear();
      this.ahead.forgetAll();
      return;
    }
    for (const [digest, ref] of this.known) if (ref.accountId === accountId) this.forget(digest);
  }
}

/** What a block of credits is held for: a valid call of one credit (no export) of a key, operation and address. */
function blockKey(caller: Caller, digest: string | undefined): string | undefined {
  if (digest === undefined || !caller.valid || caller.cost !== 1 || caller.rows !== undefined || caller.block === false)
    return;
  return `${digest} ${caller.operation} ${caller.ip}`;
}

/**
 * The 402 of a call its credits cannot pay for: the account's balance, or the key's cap, whose code says the
 * account's other keys may still spend. An export says what it would reserve, and how to ask for less.
 */
function outOfCredits(outcome: Granted, rows: number | undefined, headers: Record<string, string>): ApiError {
  const renews = outcome.renewsAt ? ` Credits renew at ${outcome.renewsAt}.` : '';
  const left = outcome.status === 'key_capped' ? outcome.capLeft : outcome.balance;
  const export_ =
    rows === undefined
      ? ''
      : ` This export reserves up to ${outcome.cost} credits for its ${rows} rows, and ${left} are left: lower max_rows.`;
  if (outcome.status === 'out_of_credits') {
    return new ApiError(402, 'out_of_credits', `No credits left this period.${export_}${renews}`, headers);
  }
  return new ApiError(
    402,
    'key_cap_reached',
    `This API key has spent its cap of ${outcome.cap} credits this period; the account's other keys are not affected.${export_}${renews}`,
    headers,
  );
}

function rateLimited(window: Window, who: string): ApiError {
  const headers = rateLimitHeaders(window);
  return new ApiError(
    429,
    'rate_limited',
    `Too many requests from ${who}: at most ${window.limit} per minute. Retry after ${headers['retry-after']} s.`,
    headers,
  );
}

/** Without Redis, neither keys nor credits can be checked: 503, never a free call or a bogus 401/429. */
function storeDown(error: unknown): never {
  throw unavailable('Accounts are unavailable right now; retry shortly.', error);
}
