// The access pipeline (src/access/access.ts) on the REST routes: routes declare their cost in `config.cost`;
// routes without one (health, OpenAPI, docs) are public. The check runs before validation, so a bad key is a 401
// even with bad parameters, and is told whether the parameters are valid, so an invalid call is checked but never
// charged. A call that goes ahead of its check (src/access/ahead.ts) runs its handler alongside the check.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { type Access, type Grant, openGrant } from '../access/access.ts';
import type { GoAhead } from '../access/ahead.ts';
import type { Config } from '../config.ts';
import { RETRY_AFTER_S } from '../contract/error.ts';
import { parseOnce } from './validator.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Credits a successful call costs; 0 for free endpoints. Routes without it need no key. */
    cost?: number;
  }
  interface FastifyRequest {
    /** The call's grant; while its `ahead` check is due, a provisional one whose `pageSize` alone a handler reads. */
    grant?: Grant;
    /** Set when the call goes ahead of its check: the check to run alongside its handler. */
    ahead?: GoAhead<Grant>;
    /** For the handler's search: aborted when the check of a call that went ahead refuses it. */
    searchSignal?: AbortSignal;
  }
}

/** Response headers of billable calls: what this call cost and what is left. */
export const CREDITS_CHARGED = 'x-credits-charged';
export const CREDITS_REMAINING = 'x-credits-remaining';

export const accessHooks = fp(
  async (app: FastifyInstance, { access, config }: { access: Access | undefined; config: Config }) => {
    if (!access) {
      app.log.warn(
        'ACCESS_DISABLED=true: every endpoint answers without an API key and nothing is metered. Benchmarks only.',
      );
    }
    const open = openGrant(config.pageSize);

    // Every API route must say what it costs, so none can be served without a key by omission.
    app.addHook('onRoute', (route) => {
      if (route.config?.cost === undefined) throw new Error(`${route.method} ${route.url} declares no cost`);
      if (access && route.config.cost > 0) route.handler = alongsideCheck(route.handler, access);
    });

    app.addHook('onRequest', async (request) => {
      const cost = request.routeOptions.config.cost;
      if (cost === undefined) return;
      if (!access) {
        request.grant = open;
        return;
      }
      const schema = request.routeOptions.schema?.querystring as z.ZodType | undefined;
      const valid = !schema || parseOnce(schema, request.query).success;
      const digest = access.identify(request.headers.authorization);
      const operation = request.routeOptions.schema?.operationId;
      const caller = { authorization: request.headers.authorization, ip: request.ip, cost, valid, operation };
      const ahead = access.goAhead(caller, digest);
      if (!ahead) {
        request.grant = await access.authorize(caller, digest);
        access.hold(request.grant);
        return;
      }
      request.ahead = ahead;
      request.searchSignal = ahead.signal;
      request.grant = { ...open, pageSize: ahead.pageSize };
    });

    // A call that went ahead but ended before its handler ran (an error in between) never ran its check.
    app.addHook('onResponse', async (request) => {
      request.ahead?.release();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const grant = request.grant;
      if (!grant || !access) return payload;
      // Shutdown gave this call's reservation back while it ran: it must not succeed now.
      const shutDown = grant.cancelled && reply.statusCode < 300;
      if (shutDown) reply.code(503).type('application/json').header('retry-after', String(RETRY_AFTER_S));
      // Failed calls are free: the reservation goes back (the grant then records no charge).
      await access.settle(grant, reply.statusCode < 300);
      reply.headers(grant.headers);
      if (request.routeOptions.config.cost) {
        reply.header(CREDITS_CHARGED, String(grant.charged));
        reply.header(CREDITS_REMAINING, grant.balance === null ? 'unlimited' : String(grant.balance));
      }
      return shutDown ? JSON.stringify(SHUTTING_DOWN) : payload;
    });
  },
);

const SHUTTING_DOWN = { error: { code: 'unavailable', message: 'The service is shutting down; retry shortly.' } };

/**
 * Runs the handler of a call that goes ahead alongside its check, and answers only once the check has granted the
 * call: a refusal wins over whatever the handler produced.
 */
function alongsideCheck(handler: RouteHandlerMethod, access: Access): RouteHandlerMethod {
  return async function (this: FastifyInstance, request, reply) {
    const { ahead, grant: provisional } = request;
    if (!ahead) return handler.call(this, request, reply);
    request.ahead = undefined;
    const work = (async () => handler.call(this, request, reply))();
    work.catch(() => {}); // awaited below, once the check has answered
    // undici writes a request on a reused keep-alive socket from a setImmediate (GHSA-35p6-xmwp-9g52: it first
    // lets the socket show whether the server closed it). Queued after that one, the check's two Redis commands
    // leave after the search instead of delaying it, and Redis (on the same host) does not run before it is sent.
    const pending = new Promise<Grant>((resolve) => setImmediate(() => resolve(ahead.check())));
    request.grant = undefined; // a refused call has no grant, so its error carries no credit headers
    request.grant = await pending;
    access.hold(request.grant);
    // The plan (and with it the page size) changed since the key's last call: do the work again for the real one.
    if (request.grant.pageSize !== provisional?.pageSize) return handler.call(this, request, reply);
    return work;
  };
}
