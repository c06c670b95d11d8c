import { z } from 'zod';

/**
 * Errors the browser met (SPEC §8 "a global error-log handler exists in production": the store
 * module errorLog). The console keeps the latest ones for administrators and reports each to the
 * server, which writes it to its log.
 */
export const CLIENT_ERROR_API = {
  report: '/api/v2/backend/clientError',
} as const;

export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection'] as const;

export const clientErrorBody = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().max(2000),
  stack: z.string().max(8000).default(''),
  /** Where the script failed (file:line:column), when the browser says. */
  source: z.string().max(2000).default(''),
  /** The console route the user was on. */
  route: z.string().max(2000),
  time: z.iso.datetime({ offset: true }),
  userAgent: z.string().max(500).default(''),
});
export type ClientErrorBody = z.infer<typeof clientErrorBody>;
