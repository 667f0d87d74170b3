import { z } from 'zod';

// The spec's codes (§7) plus ours: key_cap_reached (a 402 of one key at its cap), method_not_allowed, unavailable (a
// backing service is down) and internal_error.
export const ERROR_CODES = [
  'unauthorized',
  'out_of_credits',
  'key_cap_reached',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'invalid_request',
  'rate_limited',
  'unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).describe('Machine-readable error code'),
      message: z.string().describe('Human-readable explanation'),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof ErrorSchema>;

export const errorBody = (code: ErrorCode, message: string): ErrorBody => ({ error: { code, message } });

// Errors of the domain: what search and access refuse or fail with, in the codes above. They know nothing of HTTP
// transport: src/http/errors.ts turns them into responses, src/mcp/ into tool results.

/** Seconds a client should wait before retrying when a backing service (OpenSearch, Redis) cannot answer. */
export const RETRY_AFTER_S = 5;

/** 503 `unavailable`: the client may retry; `cause` (what actually failed) goes to the log only. */
export function unavailable(message: string, cause: unknown): ApiError {
  return new ApiError(503, 'unavailable', message, { 'retry-after': String(RETRY_AFTER_S) }, cause);
}

/** An error thrown on purpose, with its status and code; the error handler turns it into the spec's error shape. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}
