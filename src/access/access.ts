// The access pipeline of DESIGN.md, independent of HTTP so the REST hooks and the MCP tools share it:
// per-IP limit → API key (401) → plan (403) → per-key limit (429) → [validation, 422] → credits (402).
// A call costs at most two Redis round trips: (1) the IP count and the key lookup, together; (2) one script on the
// account's slot for key, plan, key window and credits. For a key this process has seen before, the script goes
// out with the IP count: one round trip. A reservation is given back (once) when the call fails.
import type { Config } from '../config.ts';
import { ApiError, unavailable } from '../http/errors.ts';
import { bearerKey, digestOf, sameDigest, wellFormed } from './keys.ts';
import { exceeded, type Limits, rateLimitHeaders, type Window } from './limits.ts';
import type { AccessStore, Granted, KeyRef } from './store.ts';

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
  pageSize: number;
  /** Headers every response to this call carries (rate limits, credits). */
  headers: Record<string, string>;
}

/** What every call gets when access is disabled (benchmarks only): no key, no metering. */
export function openGrant(pageSize: number): Grant {
  return {
    accountId: '-',
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

const UNAUTHORIZED = 'A valid API key is required: send Authorization: Bearer <key>.';
const CHALLENGE = { 'www-authenticate': 'Bearer' };

export class Access {
  /** Requests per minute of each plan with API access. */
  private readonly perMinute: Record<string, number>;
  /** Keys seen before: digest → account and key. The mapping never changes (revocation is checked by the script). */
  private readonly known = new Map<string, KeyRef>();

  constructor(
    private readonly store: AccessStore,
    private readonly limits: Limits,
    private readonly config: Pick<Config, 'plans' | 'keyPrefix' | 'ipPerMinute'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.perMinute = Object.fromEntries(
      Object.entries(config.plans)
        .filter(([, plan]) => plan.api)
        .map(([name, plan]) => [name, plan.perMinute]),
    );
  }

  async authorize(caller: Caller): Promise<Grant> {
    const key = bearerKey(caller.authorization);
    const digest = key && wellFormed(key, this.config.keyPrefix) ? digestOf(key) : undefined;
    const charge = caller.valid ? caller.cost : 0;
    const known = digest ? this.known.get(digest) : undefined;
    // A key seen before sends its credit script along with the IP count: one round trip. A new key is looked up
    // first; either way the script itself refuses a revoked key.
    const [ipCount, ref, early] = await Promise.all([
      this.limits.ip(caller.ip),
      known ?? (digest ? this.store.lookup(digest).catch(storeDown) : undefined),
      known && this.store.access(known, charge, this.perMinute, this.now()).catch(storeDown),
    ]);
    const ipWindow: Window = { name: 'ip', limit: this.config.ipPerMinute, ...ipCount };
    if (exceeded(ipWindow)) {
      if (known && early && 'charged' in early && early.charged) {
        await this.refund(known.accountId, early.charged, early.periodId);
      }
      throw rateLimited(ipWindow, 'this address');
    }
    if (!digest || !ref || !sameDigest(ref.digest, digest)) {
      throw new ApiError(401, 'unauthorized', UNAUTHORIZED, CHALLENGE);
    }
    if (!known) this.remember(digest, ref);

    const outcome = early ?? (await this.store.access(ref, charge, this.perMinute, this.now()).catch(storeDown));
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
    const { status: _status, window: _window, ...granted } = outcome;
    return { ...granted, accountId: ref.accountId, pageSize: plan.pageSize, headers: rateLimitHeaders(keyWindow) };
  }

  /** Bounded: the oldest entry goes first. */
  private remember(digest: string, ref: KeyRef): void {
    if (this.known.size >= KNOWN_KEYS) this.known.delete(this.known.keys().next().value as string);
    this.known.set(digest, ref);
  }

  /** Gives back what `grant` reserved; call it at most once, for a call that did not succeed. */
  async refund(accountId: string, credits: number, periodId: string): Promise<void> {
    await this.store.refund(accountId, credits, periodId);
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
