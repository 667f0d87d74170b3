// Errors of the domain: what search and access refuse or fail with, in the contract's codes (error.ts). They know
// nothing of HTTP transport: src/http/errors.ts turns them into responses, src/mcp/ into tool results.
import type { ErrorCode } from './error.ts';

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
