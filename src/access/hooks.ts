// The access pipeline on the REST routes: routes declare their cost in `config.cost`; routes without one (health,
// OpenAPI, docs) are public. The check runs before validation, so a bad key is a 401 even with bad parameters,
// and is told whether the parameters are valid, so an invalid call is checked but never charged.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { type Access, type Grant, openGrant } from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Credits a successful call costs; 0 for free endpoints. Routes without it need no key. */
    cost?: number;
  }
  interface FastifyRequest {
    grant?: Grant;
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
    });

    app.addHook('onRequest', async (request) => {
      const cost = request.routeOptions.config.cost;
      if (cost === undefined) return;
      if (!access) {
        request.grant = open;
        return;
      }
      const schema = request.routeOptions.schema?.querystring as z.ZodType | undefined;
      request.grant = await access.authorize({
        authorization: request.headers.authorization,
        ip: request.ip,
        cost,
        valid: !schema || schema.safeParse(request.query).success,
      });
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const grant = request.grant;
      if (!grant || !access) return payload;
      if (grant.charged && reply.statusCode >= 300) {
        // Failed calls are free: the reservation goes back exactly once (the grant then records no charge).
        const { charged } = grant;
        grant.charged = 0;
        if (grant.balance !== null) grant.balance += charged;
        await access.refund(grant.accountId, charged, grant.periodId).catch((err: unknown) => {
          request.log.error({ err, accountId: grant.accountId, charged }, 'refund failed');
        });
      }
      reply.headers(grant.headers);
      if (request.routeOptions.config.cost) {
        reply.header(CREDITS_CHARGED, String(grant.charged));
        reply.header(CREDITS_REMAINING, grant.balance === null ? 'unlimited' : String(grant.balance));
      }
      return payload;
    });
  },
);
