// The access pipeline of DESIGN.md, independent of HTTP so the REST hooks and the MCP tools share it:
// per-IP limit → API key (401) → plan (403) → per-key limit (429) → [validation, 422] → credits (402).
// A call costs two Redis round trips: (1) the IP count and the key lookup, pipelined; (2) one script on the
// account's slot for key, plan, key window and credits. A reservation is given back (once) when the call fails.
import type { Config } from '../config.ts';
import { ApiError, unavailable } from '../http/errors.ts';
import { bearerKey, digestOf, sameDigest, wellFormed } from './keys.ts';
import { exceeded, type Limits, rateLimitHeaders, type Window } from './limits.ts';
import type { AccessStore, Granted } from './store.ts';

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

const UNAUTHORIZED = 'A valid API key is required: send Authorization: Bearer <key>.';
const CHALLENGE = { 'www-authenticate': 'Bearer' };

export class Access {
  /** Requests per minute of each plan with API access. */
  private readonly perMinute: Record<string, number>;

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
    const [ipCount, ref] = await Promise.all([
      this.limits.ip(caller.ip),
      digest ? this.store.lookup(digest).catch(storeDown) : undefined,
    ]);
    const ipWindow: Window = { name: 'ip', limit: this.config.ipPerMinute, ...ipCount };
    if (exceeded(ipWindow)) throw rateLimited(ipWindow, 'this address');
    if (!digest || !ref || !sameDigest(ref.digest, digest)) {
      throw new ApiError(401, 'unauthorized', UNAUTHORIZED, CHALLENGE);
    }

    const charge = caller.valid ? caller.cost : 0;
    const outcome = await this.store.access(ref, charge, this.perMinute, this.now()).catch(storeDown);
    if (outcome.status === 'unauthorized') throw new ApiError(401, 'unauthorized', UNAUTHORIZED, CHALLENGE);
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
