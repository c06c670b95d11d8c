import { type Envelope, type MessageCode, translate } from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Success envelope: status 0, message translated for the caller. */
export function ok<T>(request: FastifyRequest, data: T, code: MessageCode = 'common.ok'): Envelope<T> {
  return { status: 0, message: translate(code, request.lang), data };
}

/** Response schema of a success envelope around `data` (for OpenAPI and serialisation). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number(), message: z.string(), data });
}

export const failureEnvelope = z.object({ status: z.number(), message: z.string(), data: z.unknown() });

/**
 * A route's response serializer without zod's pass over the answer: for hot read routes whose
 * handler returns exactly the schema's type (the zod type provider checks the handler's return
 * type against the response schema at compile time). Zod's encode walked every field of every row
 * again: ~6 % of the alarm list's server time (bench/README.md, 2026-11-27). The schema still
 * documents the route (OpenAPI).
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
