import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Self-check (issue 14): onekey-export. */
export const onekeyExportRoutes: FastifyPluginAsyncZod = async () => {};
