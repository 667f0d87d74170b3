// The metering rule of DESIGN.md on MCP: a billable call is charged if and only if its successful result was sent.
// The call itself (hold, charge or refund once, cancel at shutdown) is src/access/metered-call.ts, as on REST.
import { CallToolRequestSchema, isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Grant } from '../access/access.ts';
import type { Meter, MeteredCall } from '../access/metered-call.ts';
import { ApiError } from '../contract/error.ts';
import { COSTS } from '../contract/operations.ts';
import type { Metrics } from '../metrics.ts';
import { TOOLS_BY_NAME } from './tools.ts';

/**
 * One Metering per POST /mcp (one JSON-RPC message: batches are refused), told of three moments by route.ts:
 * - admit: the transport has accepted the message (Accept, Content-Type, JSON-RPC shape and protocol version all
 *   passed) and is about to hand it to the server. Only now does it pass the access pipeline, once: a tools/call
 *   request reserves what its REST operation costs, anything else is free (a tools/call without an id is a
 *   notification, answered 202 and never run). A message the transport refuses (406, 415, 400) never gets here.
 * - toolFailed: a tool call that ends in an error result gives its reservation back before that result is written,
 *   so the balance a client reads next is already right (as a failed REST call's refund precedes its response).
 * - responseClosed: the HTTP response is over. Unless it was written completely, the reservation goes back too,
 *   whatever the tool did: a result the client never received is not charged.
 */
export class Metering {
  /** The message's access decision once admitted: a grant, or the 402/429 a tool call reports as its result. */
  grant: Grant | ApiError | undefined;
  private call: MeteredCall | undefined;
  private failed = false;
  private lost = false;

  constructor(
    private readonly meter: Meter,
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
    const call = isJSONRPCRequest(message) && message.method === 'tools/call' ? message.params : undefined;
    // A call the SDK's server will refuse (params not in the shape it parses, a task it has no capability for)
    // runs no tool: checked, and free.
    const runs = !!call && CallToolRequestSchema.safeParse(message).success && call.task === undefined;
    const tool = runs ? TOOLS_BY_NAME.get(call.name as string) : undefined;
    try {
      this.call = await this.meter.begin({
        ...this.caller,
        cost: tool ? COSTS[tool.operationId] : 0,
        valid: !tool || tool.input.safeParse(call?.arguments ?? {}).success,
        operation: tool?.operationId,
      });
      this.grant = this.call.grant;
    } catch (error) {
      if (!call || !(error instanceof ApiError) || (error.statusCode !== 402 && error.statusCode !== 429)) throw error;
      this.grant = error;
      this.metrics?.refusals.inc({ code: error.code });
    }
    // The client may have left while the check ran: the tool still runs (the transport awaits its answer), unpaid.
    if (this.lost) await this.refund();
  }

  /** Shutdown refunded the call while the tool ran: it must not succeed now. */
  get cancelled(): boolean {
    return !!this.call?.isCancelled;
  }

  /** The tool call ended in an error result: refunded now, before that result goes out. */
  async toolFailed(): Promise<void> {
    this.failed = true;
    await this.refund();
  }

  /** The HTTP response closed: `complete` when all of it was written. */
  async responseClosed(complete: boolean): Promise<void> {
    if (complete) {
      // Delivered: a successful call keeps its charge (a failed one was refunded already).
      await this.call?.settle(!this.failed);
      return;
    }
    this.lost = true;
    await this.refund();
  }

  /** Headers of the response: the rate-limit and credit state the check answered with. */
  get headers(): Record<string, string> {
    return this.grant?.headers ?? {};
  }

  private async refund(): Promise<void> {
    await this.call?.settle(false).catch((err: unknown) => {
      this.log.error({ err, accountId: this.call?.grant?.accountId }, 'refund failed');
    });
  }
}
