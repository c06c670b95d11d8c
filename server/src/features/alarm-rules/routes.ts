import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Per-user alarm rules (SPEC §2 alarm-rule page, §9) (issue 4 §6). */
export const alarmRulesRoutes: FastifyPluginAsyncZod = async () => {};
