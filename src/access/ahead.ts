// The "search goes out first" fast path: a call may send its search at once and run its access check alongside,
// so the check's Redis round trip hides behind the search. ACCESS_AHEAD=false turns it off.

/**
 * At most this many calls of one key run ahead of their checks at a time: enough to hide the check behind the
 * search for a client's usual concurrency, few enough that a key revoked or limited since its last call costs
 * OpenSearch little before its refusals arrive.
 */
export const AHEAD_PER_KEY = 4;

/** What this process knows of a key's last billable call. */
interface Standing {
  /** The page size of the key's last billable call, if it was granted and left credits; unset after a refusal. */
  pageSize?: number;
  /** Credits left after that call (Infinity when unlimited): no more calls go ahead at once than could be paid. */
  credits: number;
  /** Calls of this key running ahead of their check now. */
  running: number;
}

/** What this process last counted of an address's one-minute window. */
interface Room {
  /** Requests the window still admits, less the calls from this address that went ahead since. */
  left: number;
  /** When the window ends (epoch ms); after that, the address's next call waits for its count again. */
  until: number;
}

/** How many addresses' windows a process remembers (the oldest counted goes first). */
const ADDRESSES = 10_000;

/** A call that goes ahead of its check. */
export interface GoAhead<G> {
  /** The page size its handler uses meanwhile: the one of the key's last granted call. */
  pageSize: number;
  /** Aborted when the check refuses the call: the search that went ahead is cancelled. */
  signal: AbortSignal;
  /** Runs the call's check; a refusal aborts `signal`. */
  check: () => Promise<G>;
  /** The call no longer runs ahead (its check has answered, or will never run). Safe to call more than once. */
  release: () => void;
}

/**
 * Nothing is answered before the check: a refusal (401, 402, 403, 429, 503) replaces whatever the search found and
 * aborts it (`signal`), and a plan changed since (another page size) repeats the search (metered-call.ts does both).
 * Only a valid billable call of a key whose last billable call in this process was granted with credits left, and
 * that was not refused or changed (notices.ts) since, goes ahead, no more of them at once than those credits or
 * AHEAD_PER_KEY, and only from an address whose window, as last counted here, has room for them. Unknown, refused,
 * spent, revoked or limited keys, addresses at their limit and invalid calls never cause a search before their
 * check. This class decides which keys may go ahead, and how many calls at once; Access (access.ts) tells it how
 * each check ended.
 */
export class Ahead {
  /** By key digest; Access forgets a key here when it forgets it, so this never outgrows Access's bound. */
  private readonly keys = new Map<string, Standing>();
  /** By address, in the order last counted. */
  private readonly addresses = new Map<string, Room>();

  constructor(private readonly enabled: boolean) {}

  /** Lets a call go ahead of `check`, or answers undefined: then the call must wait for its check. */
  take<G>(
    digest: string | undefined,
    call: { cost: number; valid: boolean; ip: string },
    check: () => Promise<G>,
  ): GoAhead<G> | undefined {
    // An invalid call must answer the check's refusal or 422, nothing else; a free one has nothing to hide.
    if (!this.enabled || digest === undefined || call.cost <= 0 || !call.valid) return;
    const key = this.keys.get(digest);
    if (key?.pageSize === undefined || key.running >= Math.min(key.credits, AHEAD_PER_KEY)) return;
    const room = this.addresses.get(call.ip);
    if (!room || room.left <= 0 || room.until <= Date.now()) return;
    room.left -= 1;
    key.running += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      key.running -= 1;
    };
    const refused = new AbortController();
    return {
      pageSize: key.pageSize,
      signal: refused.signal,
      check: () =>
        check()
          .catch((error: unknown) => {
            refused.abort();
            throw error;
          })
          .finally(release),
      release,
    };
  }

  /** A billable call of this key was granted, leaving `credits` (Infinity when unlimited). */
  granted(digest: string, pageSize: number, credits: number): void {
    let key = this.keys.get(digest);
    if (!key) {
      key = { credits: 0, running: 0 };
      this.keys.set(digest, key);
    }
    key.credits = credits;
    key.pageSize = credits > 0 ? pageSize : undefined;
  }

  /** A call of this key was refused, or could not be checked: none goes ahead until one is granted again. */
  refused(digest: string): void {
    const key = this.keys.get(digest);
    if (key) key.pageSize = undefined;
  }

  /**
   * An address's window was counted: `left` more requests fit until `resetMs` from now; undefined when the count
   * failed (the limiter failed open), and then its calls wait for their checks.
   */
  counted(ip: string, left: number | undefined, resetMs = 0): void {
    this.addresses.delete(ip);
    if (left === undefined) return;
    if (this.addresses.size >= ADDRESSES) this.addresses.delete(this.addresses.keys().next().value as string);
    this.addresses.set(ip, { left, until: Date.now() + resetMs });
  }

  /** True when this address's window, as last counted here, has no room left: its calls will be refused. */
  full(ip: string): boolean {
    const room = this.addresses.get(ip);
    return room !== undefined && room.left <= 0 && room.until > Date.now();
  }

  /** Access no longer remembers this key. */
  forget(digest: string): void {
    this.keys.delete(digest);
  }

  /** Nothing goes ahead until granted again: after notices may have been missed. */
  forgetAll(): void {
    this.keys.clear();
  }
}
