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
