// The metering rule of DESIGN.md on MCP: a billable call is charged if and only if its successful result was sent.
// One Metering per POST /mcp (one JSON-RPC message: batches are refused), told of three moments by route.ts:
// - admit: the transport has accepted the message (Accept, Content-Type, JSON-RPC shape and protocol version all
//   passed) and is about to hand it to the server. Only now does it pass the access pipeline, once: a tools/call
//   request reserves what its REST operation costs, anything else is free (a tools/call without an id is a
//   notification, answered 202 and never run). A message the transport refuses (406, 415, 400) never gets here.
// - toolFailed: a tool call that ends in an error result gives its reservation back before that result is written,
//   so the balance a client reads next is already right (as a failed REST call's refund precedes its response).
// - responseClosed: the HTTP response is over. Unless it was written completely, the reservation goes back too,
//   whatever the tool did: a result the client never received is not charged.
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Access, Grant } from '../access/access.ts';
import { ApiError } from '../contract/error.ts';
import { COSTS } from '../contract/operations.ts';
import type { Metrics } from '../metrics.ts';
import { TOOLS_BY_NAME } from './tools.ts';

export class Metering {
  /** The message's access decision once admitted: a grant, or the 402/429 a tool call reports as its result. */
  grant: Grant | ApiError | undefined;
  private failed = false;
  private lost = false;
  private refunded = false;

  constructor(
    private readonly access: Access | undefined,
    /** What every message gets when access is disabled (benchmarks only). */
    private readonly open: Grant,
    private readonly caller: { authorization: string | undefined; ip: string },
    private readonly log: { error(obj: object, msg: string): void },
    /** Counts a tool call refused in its result (the HTTP response, a 200, does not show it). */
    private readonly metrics?: Metrics,
  ) {}

  /**
   * The access check of an accepted message. Throws what the HTTP response must be instead (401, 403, 503, and
   * 429 outside a tool call); a tool call's 402 or 429 becomes its grant, for the tool to report.
   */
  async admit(message: JSONRPCMessage): Promise<void> {
    if (!this.access) {
      this.grant = this.open;
      return;
    }
    const call = isJSONRPCRequest(message) && message.method === 'tools/call' ? message.params : undefined;
    const tool = call ? TOOLS_BY_NAME.get(String(call.name)) : undefined;
    try {
      this.grant = await this.access.authorize({
        ...this.caller,
        cost: tool ? COSTS[tool.operationId] : 0,
        valid: !tool || tool.input.safeParse(call?.arguments ?? {}).success,
        operation: tool?.operationId,
      });
    } catch (error) {
      if (!call || !(error instanceof ApiError) || (error.statusCode !== 402 && error.statusCode !== 429)) throw error;
      this.grant = error;
      this.metrics?.refusals.inc({ code: error.code });
    }
    // Held until the response closes: a shutdown that cannot wait for it gives the reservation back (Access.hold).
    if (!(this.grant instanceof ApiError)) this.access.hold(this.grant);
    // The client may have left while the check ran: the tool still runs (the transport awaits its answer), unpaid.
    await this.settle();
  }

  /** Shutdown gave the reservation back while the tool ran: the call must not succeed now. */
  get cancelled(): boolean {
    return !!this.grant && !(this.grant instanceof ApiError) && !!this.grant.cancelled;
  }

  /** The tool call ended in an error result: refunded now, before that result goes out. */
  async toolFailed(): Promise<void> {
    this.failed = true;
    await this.settle();
  }

  /** The HTTP response closed: `complete` when all of it was written. */
  async responseClosed(complete: boolean): Promise<void> {
    const grant = this.grant;
    if (complete) {
      // Delivered: a successful call keeps its charge (a failed one was refunded already); the hold ends.
      if (this.access && grant && !(grant instanceof ApiError)) await this.access.settle(grant, !this.failed);
      return;
    }
    this.lost = true;
    await this.settle();
  }

  /** Headers of the response: the rate-limit and credit state the check answered with. */
  get headers(): Record<string, string> {
    return this.grant?.headers ?? {};
  }

  /** The one place a reservation goes back, at most once (marked before the refund is awaited). */
  private async settle(): Promise<void> {
    const grant = this.grant;
    if (!this.access || !grant || grant instanceof ApiError || !grant.charged || this.refunded) return;
    if (!this.failed && !this.lost) return;
    this.refunded = true;
    await this.access.settle(grant, false).catch((err: unknown) => {
      this.log.error({ err, accountId: grant.accountId }, 'refund failed');
    });
  }
}
