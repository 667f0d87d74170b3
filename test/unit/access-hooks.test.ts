import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Access, openGrant } from '../../src/access/access.ts';
import type { Config } from '../../src/config.ts';
import { accessHooks } from '../../src/http/access-hooks.ts';

/** An app whose one billable route "sends its search" the way undici does on a reused keep-alive socket: from a
 * setImmediate. The access layer is a stand-in for a key that was granted before, so its check runs alongside. */
async function appWith(events: string[]) {
  const authorize = async () => {
    events.push('check');
    return openGrant(25);
  };
  const access = {
    identify: () => 'digest',
    goAhead: () => ({ pageSize: 25, signal: new AbortController().signal, check: authorize, release: () => {} }),
    authorize,
    hold: () => {},
    settle: async () => {},
  } as unknown as Access;
  const app = Fastify();
  await app.register(accessHooks, { access, config: { pageSize: 25 } as Config });
  app.get('/search', { config: { cost: 1 } }, async () => {
    const sent = new Promise((resolve) => setImmediate(() => resolve(events.push('search sent'))));
    await sent;
    return { ok: true };
  });
  return app;
}

describe('access check alongside the handler', () => {
  it('goes out after the handler has sent its search, and the call is answered with the handler result', async () => {
    const events: string[] = [];
    const app = await appWith(events);
    const response = await app.inject({ url: '/search', headers: { authorization: 'Bearer x' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(events).toEqual(['search sent', 'check']);
    await app.close();
  });
});
