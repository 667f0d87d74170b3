// A metered call's life, the same for a REST call (src/http/access-hooks.ts) and an MCP tool call
// (src/mcp/metering.ts): its check, waited for or run alongside its work (ahead.ts); its reservation held while the
// response is decided; then charged or refunded exactly once; and at shutdown refunded and cancelled while its
// response is still undecided.
import { Redis } from 'ioredis';
import type { RedisClient } from '../clients.ts';
import type { Metrics } from '../metrics.ts';
import { type Access, type Caller, type Grant, openGrant } from './access.ts';
import type { GoAhead } from './ahead.ts';

// Two timing tricks make a check cheap, and they lean on each other:
// - Held writes (`writeHolder`, run by the store just before it sends a check): the Redis connection's writes wait
//   until the next setImmediate, so the checks of all the requests read in one poll phase leave in one write, and
//   Redis reads and answers them once; on a small VM each loopback write or read costs tens of microseconds of CPU
//   on either side. One server only: a cluster client writes to many connections. A command held when the
//   connection dropped is sent again after the reconnect, like any unanswered one, and the scripts charge a call
//   once however often they run.
// - One tick's delay (`afterSearchSent`) for the check of a call that went ahead: undici writes a request on a
//   reused keep-alive socket from a setImmediate (GHSA-35p6-xmwp-9g52: it first lets the socket show whether the
//   server closed it). Queued after that one, the check leaves after the search instead of delaying it, and Redis
//   (on the same host) does not run before it is sent. Sent from a setImmediate themselves, these checks are held
//   by the first trick until the turn after, and leave together; they wait for their searches anyway.

/** What the store runs before it sends a check: holds the connection's writes until the next setImmediate. */
export function writeHolder(redis: RedisClient): () => void {
  if (!(redis instanceof Redis)) return () => {};
  let holding = false;
  return () => {
    if (holding || redis.status !== 'ready') return;
    const stream = redis.stream;
    holding = true;
    stream.cork();
    setImmediate(() => {
      holding = false;
      stream.uncork();
    });
  };
}

const afterSearchSent = <T>(send: () => Promise<T>) => new Promise<T>((resolve) => setImmediate(() => resolve(send())));

/**
 * Calls `closed(written)` once an HTTP response closes, `written` when all of it was handed to the OS ('finish'
 * came first; not `writableFinished`, which stays false under inject): a call is charged only if its answer was.
 */
export function whenClosed(response: NodeJS.EventEmitter, closed: (written: boolean) => void): void {
  let written = false;
  response.once('finish', () => {
    written = true;
  });
  response.once('close', () => closed(written));
}

/** Where calls begin, and the calls whose reservation stands while their response is undecided. */
export class Meter {
  private readonly open = new Set<MeteredCall>();

  constructor(
    /** Undefined when access is disabled (benchmarks only): every call is granted, nothing is metered. */
    readonly access: Access | undefined,
    private readonly pageSize: number,
    readonly metrics?: Metrics,
  ) {}

  /**
   * A call's check, waited for (a refusal throws its ApiError), unless `mayGoAhead` and the key may go ahead of
   * its check (ahead.ts): the call then starts at once, and `run` does its work alongside the check.
   */
  async begin(client: Caller, { mayGoAhead = false } = {}): Promise<MeteredCall> {
    if (!this.access) return new MeteredCall(this, openGrant(this.pageSize));
    const caller = { ...client, ip: this.access.addressOf(client.ip) };
    const digest = this.access.identify(caller.authorization);
    const fromBlock = this.access.fromBlock(caller, digest);
    const blockGrant = fromBlock instanceof Promise ? await fromBlock : fromBlock;
    if (blockGrant) return this.held(new MeteredCall(this, blockGrant));
    if (fromBlock) caller.block = false; // it waited for a block in vain: it checks on its own now
    const ahead = mayGoAhead ? this.access.goAhead(caller, digest) : undefined;
    if (ahead) return new MeteredCall(this, undefined, ahead);
    return this.held(new MeteredCall(this, await this.access.authorize(caller, digest)));
  }

  private held(call: MeteredCall): MeteredCall {
    this.hold(call);
    return call;
  }

  /** For shutdown: refunds every call whose response is undecided; those calls must then fail. */
  async cancelOpen(): Promise<number> {
    const calls = [...this.open];
    this.open.clear();
    await Promise.all(calls.map((call) => call.cancel()));
    return calls.length;
  }

  /** Keeps a charged call in view until it settles, so a shutdown that cannot wait for it refunds it. */
  hold(call: MeteredCall): void {
    if (call.grant?.charged) this.open.add(call);
  }

  /** The call's response is decided: a shutdown no longer concerns it. */
  decided(call: MeteredCall): void {
    this.open.delete(call);
  }
}

export class MeteredCall {
  /** The check's grant; undefined while the check of a call that went ahead is due, and after a refusal. */
  grant: Grant | undefined;
  /** For the call's search: aborted when the check of a call that went ahead refuses it. */
  readonly signal: AbortSignal | undefined;
  private ahead: GoAhead<Grant> | undefined;
  private readonly provisionalPageSize: number | undefined;
  private settled = false;
  private cancelled = false;
  /** Of an export: the credits its rows sent so far cost, which it keeps however its response ends. */
  private kept: number | undefined;

  constructor(
    private readonly meter: Meter,
    grant: Grant | undefined,
    ahead?: GoAhead<Grant>,
  ) {
    this.grant = grant;
    this.ahead = ahead;
    this.signal = ahead?.signal;
    this.provisionalPageSize = ahead?.pageSize;
  }

  /** The page size the work uses: the plan's, or, while the check is due, that of the key's last granted call. */
  get pageSize(): number {
    return this.grant?.pageSize ?? (this.provisionalPageSize as number);
  }

  /** Shutdown refunded the call before its response was decided: it must not succeed. */
  get isCancelled(): boolean {
    return this.cancelled;
  }

  /**
   * Runs the call's work. A call that went ahead runs it alongside its check and answers only once the check has
   * granted it (a refusal throws and wins over whatever the work produced); a plan changed since the key's last
   * call (another page size) runs the work again.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const ahead = this.ahead;
    if (!ahead) return work();
    this.ahead = undefined;
    const running = work();
    running.catch(() => {}); // awaited below, once the check has answered
    this.grant = await afterSearchSent(ahead.check);
    // The call ended (its client left) while the check ran: what it reserved goes back.
    if (this.settled) await this.refund();
    else this.meter.hold(this);
    if (this.grant.pageSize !== this.provisionalPageSize) return work();
    return running;
  }

  /** A call that went ahead but ended before its work ran (an error in between) gives its place back. */
  release(): void {
    this.ahead?.release();
  }

  /**
   * An export's rows sent so far cost `credits` of its reservation: it keeps them whether its response ends whole
   * or cut short, and the rest goes back when it settles.
   */
  keep(credits: number): void {
    this.kept = credits;
  }

  /**
   * The response is decided: a success (its answer written) keeps the charge and confirms it, anything else refunds
   * it; an export keeps what it sent (`keep`) either way. Only the first decision counts; a failure decided before
   * the check answered refunds once it has (`run`).
   */
  async settle(succeeded: boolean): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    this.meter.decided(this);
    const keep = this.kept ?? (succeeded ? this.grant?.charged : 0) ?? 0;
    if (keep < (this.grant?.charged ?? 0)) await this.refund(keep);
    else if (this.grant?.charged) this.meter.access?.confirm(this.grant);
  }

  /** Refunds the call while its response is undecided (shutdown); its later settle changes nothing. */
  async cancel(): Promise<void> {
    this.cancelled = true;
    await this.refund();
  }

  /**
   * Gives back what the call reserved but `keep` credits, and updates its grant to say so (the response's credit
   * headers come from it). Safe more than once; never throws (a refund Redis misses is retried).
   */
  private async refund(keep = 0): Promise<void> {
    const grant = this.grant;
    if (!grant?.charged || !this.meter.access) return;
    const back = grant.charged - keep;
    if (grant.balance !== null) grant.balance += back;
    grant.charged = keep;
    // The block gives its calls' credits back together when it ends, and counts them then.
    if (grant.block) {
      grant.block.settle(false);
      return;
    }
    this.meter.metrics?.creditsRefunded.inc({ plan: grant.plan, operation: grant.operation }, back);
    await this.meter.access.giveBack({
      accountId: grant.accountId,
      callId: grant.callId,
      since: grant.checkedAt,
      charged: true,
      keep,
    });
  }
}
