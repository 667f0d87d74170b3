// The access pipeline on the REST routes: routes declare their cost in `config.cost`; routes without one (health,
// OpenAPI, docs) are public. The check runs before validation, so a bad key is a 401 even with bad parameters,
// and is told whether the parameters are valid, so an invalid call is checked but never charged.
// A billable call with a key whose last call here was granted does not wait for its check: the handler (an
// OpenSearch request) goes first and the check runs alongside it, so the Redis round trip hides behind the search.
// Nothing is answered before the check: a refusal (401, 402, 403, 429, 503) wins over whatever the handler produced.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { parseOnce } from '../http/validator.ts';
import { type Access, type Grant, openGrant } from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Credits a successful call costs; 0 for free endpoints. Routes without it need no key. */
    cost?: number;
  }
  interface FastifyRequest {
    /** The call's grant. While a `check` is due, a provisional one of which a handler may read only `pageSize`. */
    grant?: Grant;
    /** The access check of a call whose handler goes ahead of it. */
    check?: () => Promise<Grant>;
    /** Aborted when the check of a call whose handler went ahead refuses it: its search is then cancelled. */
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
      const caller = { authorization: request.headers.authorization, ip: request.ip, cost, valid };
      // Only a valid billable call goes ahead (an invalid one must answer the check's refusal or 422, nothing else).
      const pageSize = cost > 0 && valid ? access.ahead(digest) : undefined;
      if (pageSize === undefined) {
        request.grant = await access.authorize(caller, digest);
        access.hold(request.grant);
        return;
      }
      const refused = new AbortController();
      request.searchSignal = refused.signal;
      request.check = () =>
        access.authorize(caller, digest, true).catch((error: unknown) => {
          refused.abort();
          throw error;
        });
      request.grant = { ...open, pageSize };
    });

    // A call that went ahead but ended before its handler ran (an error in between) never ran its check.
    app.addHook('onResponse', async (request) => {
      if (request.check) access?.release(access.identify(request.headers.authorization));
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const grant = request.grant;
      if (!grant || !access) return payload;
      // Shutdown gave this call's reservation back while it ran: it must not succeed now.
      const shutDown = grant.cancelled && reply.statusCode < 300;
      if (shutDown) reply.code(503).type('application/json').header('retry-after', '5');
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

/** Runs a handler alongside its call's check and answers only with the check's grant. */
function alongsideCheck(handler: RouteHandlerMethod, access: Access): RouteHandlerMethod {
  return async function (this: FastifyInstance, request, reply) {
    const { check, grant: provisional } = request;
    if (!check) return handler.call(this, request, reply);
    request.check = undefined;
    const work = (async () => handler.call(this, request, reply))();
    work.catch(() => {}); // awaited below, once the check has answered
    // undici writes a request on a reused keep-alive socket from a setImmediate (GHSA-35p6-xmwp-9g52: it first
    // lets the socket show whether the server closed it). Queued after that one, the check's two Redis commands
    // leave after the search instead of delaying it, and Redis (on the same host) does not run before it is sent.
    const pending = new Promise<Grant>((resolve) => setImmediate(() => resolve(check())));
    request.grant = undefined; // a refused call has no grant, so its error carries no credit headers
    request.grant = await pending;
    access.hold(request.grant);
    // The plan (and with it the page size) changed since the key's last call: do the work again for the real one.
    if (request.grant.pageSize !== provisional?.pageSize) return handler.call(this, request, reply);
    return work;
  };
}
