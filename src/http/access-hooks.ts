// Metered calls on the REST routes: routes declare their cost in `config.cost`; routes without one (health, OpenAPI,
// docs) are public. The check runs before validation, so a bad key is a 401 even with bad parameters, and is told
// whether the parameters are valid, so an invalid call is checked but never charged. The call's life (its check,
// ahead of the handler or not, its charge or refund) is src/access/metered-call.ts; this adapts it to Fastify.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { type Meter, type MeteredCall, whenClosed } from '../access/metered-call.ts';
import { RETRY_AFTER_S } from '../contract/error.ts';
import { parseOnce } from './validator.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Credits a successful call costs; 0 for free endpoints. Routes without it need no key. */
    cost?: number;
    /**
     * An export's most rows, from its valid parameters: the call reserves what they cost in pages of the caller's
     * page size (`cost` per page), keeps what it sends (MeteredCall.keep) and never goes ahead of its check.
     */
    rows?: (query: never) => number;
  }
  interface FastifyRequest {
    /** The metered call of a route with a cost, from its onRequest hook on. */
    call: MeteredCall | null;
  }
}

/** Response headers of billable calls: what this call cost and what is left (an export's come as trailers). */
export const CREDITS_CHARGED = 'x-credits-charged';
export const CREDITS_REMAINING = 'x-credits-remaining';
/** An export's header: the most it can cost, reserved before its first row. */
export const CREDITS_RESERVED = 'x-credits-reserved';

const SHUTTING_DOWN = { error: { code: 'unavailable', message: 'The service is shutting down; retry shortly.' } };

export const accessHooks = fp(async (app: FastifyInstance, { meter }: { meter: Meter }) => {
  app.decorateRequest('call', null);

  // Every API route must say what it costs, so none can be served without a key by omission.
  app.addHook('onRoute', (route) => {
    if (route.config?.cost === undefined) throw new Error(`${route.method} ${route.url} declares no cost`);
    if (meter.access && route.config.cost > 0 && !route.config.rows) route.handler = alongsideCheck(route.handler);
  });

  app.addHook('onRequest', async (request, reply) => {
    const { cost, rows } = request.routeOptions.config;
    if (cost === undefined) return;
    const schema = request.routeOptions.schema?.querystring as z.ZodType | undefined;
    const parsed = meter.access && schema ? parseOnce(schema, request.query) : undefined;
    const valid = parsed?.success !== false;
    const caller = {
      authorization: request.headers.authorization,
      ip: request.ip,
      cost,
      valid,
      operation: request.routeOptions.schema?.operationId,
      rows: rows && parsed?.success ? rows(parsed.data as never) : undefined,
    };
    const call = await meter.begin(caller, { mayGoAhead: !rows });
    request.call = call;
    // Charged only when received: the call is decided when its response closes, a success only if all of it was
    // written (a client that hung up first pays nothing). Failures were refunded already, in onSend.
    const res = reply.raw;
    if (!meter.access) return;
    if (res.destroyed) return call.settle(false);
    whenClosed(res, (written) => void call.settle(written && res.statusCode < 300));
  });

  // The two hooks below run on every call: written with callbacks, not async, they cost no promise each.
  // A call that went ahead but ended before its handler ran (an error in between) never ran its check.
  app.addHook('onResponse', (request, _reply, done) => {
    request.call?.release();
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const call = request.call;
    const grant = call?.grant;
    if (!call || !grant || !meter.access) return done(null, payload);
    // Shutdown refunded this call while it ran: it must not succeed now.
    const shutDown = call.isCancelled && reply.statusCode < 300;
    if (shutDown) reply.code(503).type('application/json').header('retry-after', String(RETRY_AFTER_S));
    const send = () => {
      try {
        reply.headers(grant.headers);
        if (request.routeOptions.config.rows && reply.statusCode < 300) {
          reply.header(CREDITS_RESERVED, String(grant.charged));
        } else if (request.routeOptions.config.cost) {
          reply.header(CREDITS_CHARGED, String(grant.charged));
          reply.header(CREDITS_REMAINING, grant.balance === null ? 'unlimited' : String(grant.balance));
        }
      } catch (error) {
        return done(error as Error);
      }
      done(null, shutDown ? JSON.stringify(SHUTTING_DOWN) : payload);
    };
    // Failed calls are free: the reservation goes back before the response (the grant then records no charge).
    if (reply.statusCode >= 300) call.settle(false).then(send, done);
    else send();
  });
});

/** The handler as the call's work: alongside its check when the call went ahead (MeteredCall.run). */
function alongsideCheck(handler: RouteHandlerMethod): RouteHandlerMethod {
  return function (this: FastifyInstance, request, reply) {
    return (request.call as MeteredCall).run(async () => handler.call(this, request, reply));
  };
}
