import { trainerJob } from '@sentinel/contract';
import { z } from 'zod';

/**
 * The product → trainer half of the trainer contract (issue 13 §6), as OpenAPI `callbacks` on
 * the route that starts a training job: once a worker takes the job it POSTs `trainerJob` to
 * `{TRAINER_URL}/jobs`, and a terminate POSTs `{TRAINER_URL}/jobs/{id}/cancel` (best effort).
 * The trainer → product half is the `training trainer` routes (x-engine-key).
 */

/** @fastify/swagger copies a route schema's `callbacks` into the operation (not in its types). */
declare module 'fastify' {
  interface FastifySchema {
    callbacks?: Record<string, Record<string, Record<string, unknown>>>;
  }
}

export const TRAINER_HANDOVER_URL = '{TRAINER_URL}/jobs';
export const TRAINER_CANCEL_URL = '{TRAINER_URL}/jobs/{id}/cancel';

const json = (schema: z.ZodType) => ({
  content: { 'application/json': { schema: z.toJSONSchema(schema, { target: 'openapi-3.0' }) } },
});

export const trainerCallbacks = {
  trainerHandover: {
    [TRAINER_HANDOVER_URL]: {
      post: {
        summary: 'The product hands the job to the trainer at TRAINER_URL (once a worker takes it)',
        description:
          'Any 2xx accepts the job; another answer or none is retried with backoff (3 attempts), then the job ends as training error. The trainer then downloads the dataset (datasetUrl) and the base artefact, and calls back under callbackBase with its engine key (x-engine-key): progress, log, artefact or fail.',
        requestBody: { required: true, ...json(trainerJob) },
        responses: { '2XX': { description: 'Job accepted' } },
      },
    },
  },
  trainerCancel: {
    [TRAINER_CANCEL_URL]: {
      post: {
        summary: 'The product tells the trainer a job was terminated (best effort, no body)',
        description:
          '{id} is the job id of the handed-over payload. Further callbacks for the job answer 409 with the job as it is.',
        responses: { '2XX': { description: 'Cancellation noted' } },
      },
    },
  },
};
