import type { FastifyRequest } from 'fastify';
import { guardWrite } from '../../platform/db-errors.ts';
import { notFound } from '../../platform/errors.ts';
import { removeMedia } from '../../platform/media.ts';
import {
  type CameraInsert,
  deleteCamera,
  findCamera,
  missingReferences,
  updateCamera,
} from './camera-repo.ts';
import { assertManagesArea, authorityOf, guardDelete, refuseMissing } from './shared.ts';

type References = Parameters<typeof missingReferences>[1];

/** A camera of this kind (real or virtual) the caller may see; any other answers 404. */
export async function visibleCamera(request: FastifyRequest, id: number, virtual: boolean) {
  const existing = await findCamera(request.server.db, id, await authorityOf(request));
  if (!existing || existing.virtual !== virtual) throw notFound('camera.notFound');
  return existing;
}

/**
 * Edits a camera the caller may see: its references must exist (400 per field), a move to
 * another area must be into one the caller manages (403), its code stays unique (409).
 */
export async function editCamera(
  request: FastifyRequest,
  id: number,
  virtual: boolean,
  values: Partial<CameraInsert> & { areaId?: number | null },
  references: References,
): Promise<void> {
  const app = request.server;
  const existing = await visibleCamera(request, id, virtual);
  refuseMissing(await missingReferences(app.db, references));
  if ((values.areaId ?? null) !== existing.areaId) await assertManagesArea(request, values.areaId);
  await guardWrite(() => updateCamera(app.db, id, { ...values, updatedAt: app.appConfig.now() }), {
    duplicate: 'camera.codeDuplicate',
  });
}

/** Deletes a camera the caller may see (409 while bound to a scene) and its snapshot. */
export async function removeCamera(request: FastifyRequest, id: number, virtual: boolean) {
  const existing = await visibleCamera(request, id, virtual);
  const row = await guardDelete(() => deleteCamera(request.server.db, id));
  if (row?.snapshotPath) await removeMedia(request.server, row.snapshotPath);
  return existing;
}
