import { z } from 'zod';

// The spec's codes (§7) plus ours: method_not_allowed, unavailable (a backing service is down) and internal_error.
export const ERROR_CODES = [
  'unauthorized',
  'out_of_credits',
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
