import { SAMPLE_DIR } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerMediaOwner } from '../../platform/media-registry.ts';
import { hasPermission } from '../../platform/sessions.ts';
import { modelRoutes } from './model-routes.ts';
import { heldModelFiles, heldSampleImages } from './repo.ts';
import { MODEL_DIR } from './upload.ts';
import { wizardRoutes } from './wizard-routes.ts';

/** The model base and the instance wizard (issue 13 §1, §2), mounted under /api/v2/backend. */
export const aiModelsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Model packages are for the engines (not served to browsers); the sweep removes unheld files.
  registerMediaOwner(app, {
    subdir: MODEL_DIR,
    canRead: async () => false,
    referenced: (paths) => heldModelFiles(app.db, paths),
  });
  // Sample images: whoever sees the model base or the instance library.
  registerMediaOwner(app, {
    subdir: SAMPLE_DIR,
    canRead: async (user) =>
      hasPermission(user, 'AlgorithmModelBase') || hasPermission(user, 'AlgorithmInstanceLibrary'),
    referenced: (paths) => heldSampleImages(app.db, paths),
  });
  await app.register(modelRoutes);
  await app.register(wizardRoutes);
};
