import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { camera } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { canSeeCameras, sceneAuthority, type VisibleScenes } from '../../platform/scene-authority.ts';

export interface VideoCamera {
  id: number;
  code: string;
  mainStreamUrl: string;
  subStreamUrl: string;
  enabled: boolean;
}

/** `accountId` in a video query, when given, must be the caller's own id (else 403). */
export function callerOf(request: FastifyRequest, accountId: number | undefined) {
  const user = requireUser(request);
  if (accountId !== undefined && accountId !== user.accountId) throw forbidden();
  return user;
}

/**
 * The camera `cameraId` if the caller may see it, with the caller's scene authority. Unknown
 * cameras answer 404 'camera.notFound' (未找到摄像头！); so do cameras an account limited to some
 * scenes may not see (not bound through scene_camera to one of its scenes — bound at all, the
 * binding's analysis on/off flag does not matter): their existence is not revealed.
 */
export async function visibleCamera(
  db: Db,
  request: FastifyRequest,
  cameraId: number,
): Promise<{ camera: VideoCamera; scenes: VisibleScenes }> {
  const user = requireUser(request);
  const [row] = await db
    .select({
      id: camera.id,
      code: camera.code,
      mainStreamUrl: camera.mainStreamUrl,
      subStreamUrl: camera.subStreamUrl,
      enabled: camera.enabled,
    })
    .from(camera)
    .where(eq(camera.id, cameraId));
  if (!row) throw notFound('camera.notFound');
  // Visible: bound to a scene the account sees, or in a region it manages (as the camera list).
  const auth = await sceneAuthority(db, user);
  if (!(await canSeeCameras(db, auth, [cameraId]))) throw notFound('camera.notFound');
  return { camera: row, scenes: auth.scenes };
}
