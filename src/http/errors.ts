// The Fastify side of errors: one error handler and one not-found handler give every non-2xx response the spec's
// shape. The errors themselves (ApiError, unavailable) are the domain's: src/contract/error.ts.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import FindMyWay from 'find-my-way';
import { ApiError, type ErrorCode, errorBody } from '../contract/error.ts';

/** The error code of each status the service answers with (also the label of refused calls' metrics). */
export const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'unauthorized',
  402: 'out_of_credits',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Fastify's own errors before routing (a malformed URL, for one) get the same shape as everything else. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send(errorBody('invalid_request', error.message));
}

/** The methods routed on each path, found with the router Fastify itself uses. */
class Paths {
  private readonly router = FindMyWay();
  private readonly methods = new Map<string, Set<string>>();

  add(url: string, methods: string | string[]): void {
    let known = this.methods.get(url);
    if (!known) {
      known = new Set();
      this.methods.set(url, known);
      this.router.on('GET', url, () => {}, known);
    }
    for (const method of [methods].flat()) known.add(method);
  }

  /** The `Allow` value of a path that has routes (GET first), or undefined for a path we do not serve. */
  allow(path: string): string | undefined {
    const known = this.router.find('GET', path)?.store as Set<string> | undefined;
    return known && [...known].sort((a, b) => Number(b === 'GET') - Number(a === 'GET')).join(', ');
  }
}

/**
 * One error handler and one not-found handler: every non-2xx response is `{ error: { code, message } }`.
 * `limitUnknown` counts a request for an unknown path against its address's limit (anonymous-limit.ts) first.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  { limitUnknown }: { limitUnknown?: (request: FastifyRequest) => void } = {},
): void {
  // Paths of the routes we serve, so a wrong method on a real path answers 405 rather than 404.
  const paths = new Paths();
  app.addHook('onRoute', (route) => {
    paths.add(route.url, route.method);
    // A plugin's '/' route is also served with a trailing slash (`/docs` and `/docs/`), which onRoute does not see.
    if (route.routePath === '' && (route.prefixTrailingSlash ?? 'both') === 'both')
      paths.add(`${route.url}/`, route.method);
  });

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allow = paths.allow(path);
    if (allow) {
      return reply
        .code(405)
        .header('allow', allow)
        .send(errorBody('method_not_allowed', `${request.method} is not allowed on ${path}; use ${allow}.`));
    }
    return reply.code(404).send(errorBody('not_found', `No route for ${request.method} ${path}.`));
  };
  // Answered before the body is read: Fastify would otherwise parse the body of a method with one (a QUERY
  // without Content-Type, a DELETE with an empty JSON body) for the not-found handler and answer 400 first.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    limitUnknown?.(request);
    return notFound(request, reply);
  });
  app.setNotFoundHandler(notFound);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // A backing service failed or refused: the client gets the message, the log gets what actually went wrong.
      if (error.statusCode >= 500 || error.cause) request.log.warn({ err: error.cause ?? error }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${v.message}` : v.message;
      });
      return reply
        .code(422)
        .send(errorBody('invalid_request', `Invalid ${error.validationContext}: ${problems.join('; ')}`));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(CODE_BY_STATUS[status] ?? 'invalid_request', error.message));
    }
    // Anything else is a bug: log it whole, tell the client nothing about its insides.
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('internal_error', 'Internal server error.'));
  });
}
