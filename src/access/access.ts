// The access pipeline of DESIGN.md, independent of HTTP so the REST hooks and the MCP tools share it:
// per-IP limit → API key (401) → plan (403) → per-key limit (429) → [validation, 422] → credits (402).
// A call costs at most two Redis round trips: (1) the IP count and the key lookup, together; (2) one script on the
// account's slot for key, plan, key window and credits. For a key this process has seen before, the script goes
// out with the IP count: one round trip. A metered call has an id: its reservation is given back (once, by that id)
// when the call fails, and also when its check fails to answer, since the script may still run once Redis does.
// A key whose last call here was granted may go ahead before its check answers (`ahead`): the REST hooks then
// run the search alongside the check and answer only once the check has granted the call.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { ApiError, unavailable } from '../http/errors.ts';
import { bearerKey, digestOf, sameDigest, wellFormed } from './keys.ts';
import { exceeded, type Limits, rateLimitHeaders, type Window } from './limits.ts';
import { Refunds } from './refunds.ts';
import type { AccessOutcome, AccessStore, Granted, KeyRef } from './store.ts';

export interface Caller {
  authorization: string | undefined;
  ip: string;
  /** Credits the call costs when it is valid: 0 for free endpoints. */
  cost: number;
  /** False when the parameters will fail validation: the call is checked but not charged. */
  valid: boolean;
}

/** A call that may proceed: what the credit script answered, plus what the handlers need. */
export interface Grant extends Omit<Granted, 'status' | 'window'> {
  accountId: string;
  /** Names the call's reservation in Redis; '-' for calls that reserve nothing. */
  callId: string;
  pageSize: number;
  /** Headers every response to this call carries (rate limits, credits). */
  headers: Record<string, string>;
  /** Set when shutdown gave the reservation back before the response was decided: the call must not succeed. */
  cancelled?: boolean;
}

/** What every call gets when access is disabled (benchmarks only): no key, no metering. */
export function openGrant(pageSize: number): Grant {
  return {
    accountId: '-',
    callId: '-',
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

/** How many keys an API process remembers the account of. */
const KNOWN_KEYS = 10_000;

interface Known {
  ref: KeyRef;
  /**
   * The page size of the key's last billable call here, if that call was granted and left credits; unset after
   * any refusal.
   */
  grantedPageSize?: number;
  /** Credits left after that call (Infinity when unlimited): no more calls go ahead at once than could be paid. */
  credits: number;
  /** Calls of this key running ahead of their check now. */
  running: number;
}

/**
 * At most this many calls of one key run ahead of their checks at a time: enough to hide the check behind the
 * search for a client's usual concurrency, few enough that a key revoked or limited since its last call costs
 * OpenSearch little before its refusals arrive.
 */
const AHEAD_PER_KEY = 4;

const UNAUTHORIZED = 'A valid API key is required: send Authorization: Bearer <key>.';
const CHALLENGE = { 'www-authenticate': 'Bearer' };

export interface AccessOptions {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The clock of credit periods; tests move it. */
  now?: () => Date;
}

export class Access {
  /** Requests per minute of each plan with API access. */
  private readonly perMinute: Record<string, number>;
  /** Keys seen before, by digest. The account and key never change (revocation is checked by the script). */
  private readonly known = new Map<string, Known>();
  readonly refunds: Refunds;
  private readonly now: () => Date;
  /** Billable calls whose reservation stands and whose response is not decided yet (see `hold`). */
  private readonly open = new Set<Grant>();

  constructor(
    private readonly store: AccessStore,
    private readonly limits: Limits,
    private readonly config: Pick<Config, 'plans' | 'keyPrefix' | 'ipPerMinute'>,
    { log, now = () => new Date() }: AccessOptions,
  ) {
    this.refunds = new Refunds(store, log);
    this.now = now;
    this.perMinute = Object.fromEntries(
      Object.entries(config.plans)
        .filter(([, plan]) => plan.api)
        .map(([name, plan]) => [name, plan.perMinute]),
    );
  }

  /** The digest of a well-formed key in an Authorization header; undefined for anything else. */
  identify(authorization: string | undefined): string | undefined {
    const key = bearerKey(authorization);
    return key && wellFormed(key, this.config.keyPrefix) ? digestOf(key) : undefined;
  }

  /**
   * The page size a call with this key may go ahead with while its check runs (then it must be authorized with
   * `ahead: true`): only for a key whose last billable call in this process was granted with credits left, and not
   * more at once than those credits or AHEAD_PER_KEY, so unknown, refused, limited or spent keys never cause work
   * before they are checked.
   */
  ahead(digest: string | undefined): number | undefined {
    const known = digest === undefined ? undefined : this.known.get(digest);
    if (known?.grantedPageSize === undefined || known.running >= Math.min(known.credits, AHEAD_PER_KEY)) return;
    known.running += 1;
    return known.grantedPageSize;
  }

  /** A call that went `ahead` but whose check never ran (the request ended first): it no longer runs. */
  release(digest: string | undefined): void {
    const known = digest ? this.known.get(digest) : undefined;
    if (known && known.running > 0) known.running -= 1;
  }

  async authorize(caller: Caller, digest = this.identify(caller.authorization), ahead = false): Promise<Grant> {
    const known = digest ? this.known.get(digest) : undefined;
    try {
      return await this.check(caller, digest);
    } catch (error) {
      // Any refusal (or outage) stops this key from going ahead until a billable call is granted again.
      if (known) known.grantedPageSize = undefined;
      throw error;
    } finally {
      if (ahead && known) known.running -= 1;
    }
  }

  private async check(caller: Caller, digest: string | undefined): Promise<Grant> {
    const known = digest ? this.known.get(digest) : undefined;
    const call = { cost: caller.valid ? caller.cost : 0, callId: randomBytes(12).toString('base64url') };
    // A key seen before sends its credit script along with the IP count: one round trip. A new key is looked up
    // first; either way the script itself refuses a revoked key.
    const [ipCount, ref, early] = await Promise.all([
      this.limits.ip(caller.ip),
      known?.ref ?? (digest ? this.store.lookup(digest).catch(storeDown) : undefined),
      known && this.reserve(known.ref, call),
    ]);
    const ipWindow: Window = { name: 'ip', limit: this.config.ipPerMinute, ...ipCount };
    if (exceeded(ipWindow)) {
      if (known && early && 'charged' in early && early.charged) {
        await this.refunds.refund(known.ref.accountId, call.callId);
      }
      throw rateLimited(ipWindow, 'this address');
    }
    if (!digest || !ref || !sameDigest(ref.digest, digest)) {
      throw new ApiError(401, 'unauthorized', UNAUTHORIZED, CHALLENGE);
    }
    const entry = known ?? this.remember(digest, ref);

    const outcome = early ?? (await this.reserve(ref, call));
    if (outcome.status === 'cancelled') throw storeDown(new Error(`call ${call.callId} was given up`));
    if (outcome.status === 'unauthorized') {
      this.known.delete(digest);
      throw new ApiError(401, 'unauthorized', UNAUTHORIZED, CHALLENGE);
    }
    if (outcome.status === 'forbidden') {
      throw new ApiError(403, 'forbidden', `The ${outcome.plan} plan has no API access; upgrade to use the API.`);
    }
    const keyWindow: Window = { name: 'key', ...outcome.window };
    if (outcome.status === 'rate_limited') throw rateLimited(keyWindow, 'this API key');
    const plan = this.config.plans[outcome.plan];
    if (outcome.status === 'out_of_credits') {
      const renews = outcome.renewsAt ? ` Credits renew at ${outcome.renewsAt}.` : '';
      throw new ApiError(402, 'out_of_credits', `No credits left this period.${renews}`, rateLimitHeaders(keyWindow));
    }
    if (call.cost > 0) {
      entry.credits = outcome.balance ?? Number.POSITIVE_INFINITY;
      entry.grantedPageSize = entry.credits > 0 ? plan.pageSize : undefined;
    }
    const { status: _status, window: _window, ...granted } = outcome;
    return {
      ...granted,
      accountId: ref.accountId,
      callId: call.callId,
      pageSize: plan.pageSize,
      headers: rateLimitHeaders(keyWindow),
    };
  }

  /**
   * The credit script for one call. When it fails to answer (a timeout, a dropped connection) it may still run
   * later, or have run: the call's refund is sent (and retried) at once, and cancels it either way.
   */
  private async reserve(ref: KeyRef, call: { cost: number; callId: string }): Promise<AccessOutcome> {
    try {
      return await this.store.access(ref, call, this.perMinute, this.now());
    } catch (error) {
      if (call.cost > 0) void this.refunds.refund(ref.accountId, call.callId);
      return storeDown(error);
    }
  }

  /** Bounded: the oldest entry goes first. */
  private remember(digest: string, ref: KeyRef): Known {
    if (this.known.size >= KNOWN_KEYS) this.known.delete(this.known.keys().next().value as string);
    const entry: Known = { ref, credits: 0, running: 0 };
    this.known.set(digest, entry);
    return entry;
  }

  /**
   * Keeps a call's reservation in view until `settle`: a shutdown that cannot wait for its response gives the
   * reservation back (`cancelOpen`) rather than leave a call charged that was never answered.
   */
  hold(grant: Grant): void {
    if (grant.charged) this.open.add(grant);
  }

  /** The call's response is decided: a success keeps its charge, anything else gives it back. */
  async settle(grant: Grant, succeeded: boolean): Promise<void> {
    this.open.delete(grant);
    if (!succeeded) await this.refund(grant);
  }

  /** For shutdown: gives back every held reservation whose response is not decided; those calls must then fail. */
  async cancelOpen(): Promise<number> {
    const calls = [...this.open];
    this.open.clear();
    for (const grant of calls) grant.cancelled = true;
    await Promise.all(calls.map((grant) => this.refund(grant)));
    return calls.length;
  }

  /**
   * Gives back what a call that did not succeed reserved, and updates its grant to say so (the response's credit
   * headers come from it). Safe to call more than once; never throws (a refund Redis misses is retried).
   */
  async refund(grant: Grant): Promise<void> {
    if (!grant.charged) return;
    if (grant.balance !== null) grant.balance += grant.charged;
    grant.charged = 0;
    await this.refunds.refund(grant.accountId, grant.callId);
  }
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
