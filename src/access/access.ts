// The access pipeline of DESIGN.md, independent of HTTP so the REST hooks and the MCP tools share it:
// per-IP limit → API key (401) → plan (403) → per-key limit (429) → [validation, 422] → credits (402).
// A call costs at most two Redis round trips: (1) the IP count and the key lookup, together; (2) one script on the
// account's slot for key, plan, key window and credits. For a key this process has seen before, the script goes
// out with the IP count: one round trip. A reservation is given back (once) when the call fails.
// A key whose last call here was granted may go ahead before its check answers (`ahead`): the REST hooks then
// run the search alongside the check and answer only once the check has granted the call.
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

interface Known {
  ref: KeyRef;
  /** The page size of the key's last call here, if that call was granted; unset after any refusal. */
  grantedPageSize?: number;
}

const UNAUTHORIZED = 'A valid API key is required: send Authorization: Bearer <key>.';
const CHALLENGE = { 'www-authenticate': 'Bearer' };

export class Access {
  /** Requests per minute of each plan with API access. */
  private readonly perMinute: Record<string, number>;
  /** Keys seen before, by digest. The account and key never change (revocation is checked by the script). */
  private readonly known = new Map<string, Known>();

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

  /** The digest of a well-formed key in an Authorization header; undefined for anything else. */
  identify(authorization: string | undefined): string | undefined {
    const key = bearerKey(authorization);
    return key && wellFormed(key, this.config.keyPrefix) ? digestOf(key) : undefined;
  }

  /**
   * The page size a call with this key may go ahead with while its check runs: only for a key whose last call in
   * this process was granted, so unknown, refused or limited keys never cause work before they are checked.
   */
  ahead(digest: string | undefined): number | undefined {
    return digest === undefined ? undefined : this.known.get(digest)?.grantedPageSize;
  }

  async authorize(caller: Caller, digest = this.identify(caller.authorization)): Promise<Grant> {
    try {
      return await this.check(caller, digest);
    } catch (error) {
      // Any refusal (or outage) stops this key from going ahead until a call is granted again.
      const known = digest ? this.known.get(digest) : undefined;
      if (known) known.grantedPageSize = undefined;
      throw error;
    }
  }

  private async check(caller: Caller, digest: string | undefined): Promise<Grant> {
    const known = digest ? this.known.get(digest) : undefined;
    const charge = caller.valid ? caller.cost : 0;
    // A key seen before sends its credit script along with the IP count: one round trip. A new key is looked up
    // first; either way the script itself refuses a revoked key.
    const [ipCount, ref, early] = await Promise.all([
      this.limits.ip(caller.ip),
      known?.ref ?? (digest ? this.store.lookup(digest).catch(storeDown) : undefined),
      known && this.store.access(known.ref, charge, this.perMinute, this.now()).catch(storeDown),
    ]);
    const ipWindow: Window = { name: 'ip', limit: this.config.ipPerMinute, ...ipCount };
    if (exceeded(ipWindow)) {
      if (known && early && 'charged' in early && early.charged) {
        await this.refund(known.ref.accountId, early.charged, early.periodId);
      }
      throw rateLimited(ipWindow, 'this address');
    }
    if (!digest || !ref || !sameDigest(ref.digest, digest)) {
      throw new ApiError(401, 'unauthorized', UNAUTHORIZED, CHALLENGE);
    }
    const entry = known ?? this.remember(digest, ref);

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
    entry.grantedPageSize = plan.pageSize;
    const { status: _status, window: _window, ...granted } = outcome;
    return { ...granted, accountId: ref.accountId, pageSize: plan.pageSize, headers: rateLimitHeaders(keyWindow) };
  }

  /** Bounded: the oldest entry goes first. */
  private remember(digest: string, ref: KeyRef): Known {
    if (this.known.size >= KNOWN_KEYS) this.known.delete(this.known.keys().next().value as string);
    const entry: Known = { ref };
    this.known.set(digest, entry);
    return entry;
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
