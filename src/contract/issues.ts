import type { z } from 'zod';

/** A zod error as one line: each issue as `path: message`, `whole` standing for an empty path (the value itself). */
export const issuesLine = (error: z.ZodError, whole = ''): string =>
  error.issues.map((issue) => `${issue.path.join('.') || whole}: ${issue.message}`).join('; ');
