import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The built-in demo stream source: bundled FLV clips looped in real time as WS-FLV / HTTP-FLV (issue 5 §3). */
export const demoStreamRoutes: FastifyPluginAsyncZod = async () => {};
