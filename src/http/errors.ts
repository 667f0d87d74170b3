// The Fastify side of errors: one error handler and one not-found handler give every non-2xx response the spec's
// shape. The errors themselves (ApiError, unavailable) are the domain's: src/contract/error.ts.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
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
  // Fastify's message quotes the whole path, which may be kilobytes of whatever the client sent.
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL path is not valid percent-encoding.' : error.message;
  void reply.code(400).send(errorBody('invalid_request', message));
}

/**
 * A request Node's HTTP parser refuses (a malformed header line, headers past its size limit, a bad Content-Length)
 * never reaches Fastify: it is answered here, on the socket, in the shape of every other error.
 */
export function clientErrors(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request did not arrive in time.']
        : [400, 'The request is not valid HTTP.'];
  // At trace, as Fastify's own handler logs it: it is the client's doing, and the log scrubs credentials (logger.ts).
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody('invalid_request', message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * What makes a request Fastify parsed unanswerable: a query string that is not percent-encoding (the query string
 * parser keeps a value it cannot decode as it came, so `query=100%` would be searched, and charged, as `100%`), or
 * HTTP/1.1 without the Host header it requires (Node's own refusal of it has no body, so app.ts lets it through).
 */
function malformed(request: FastifyRequest): string | undefined {
  const url = request.raw.url ?? '';
  const query = url.indexOf('?');
  if (query >= 0 && url.includes('%', query)) {
    try {
      decodeURIComponent(url.slice(query + 1));
    } catch {
      return 'The query string is not valid percent-encoding (a % is written %25).';
    }
  }
  if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
    return 'An HTTP/1.1 request needs a Host header.';
  }
  return undefined;
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
    const refused = malformed(request);
    if (refused) return reply.code(400).send(errorBody('invalid_request', refused));
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
