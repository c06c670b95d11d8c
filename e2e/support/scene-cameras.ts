import { type BindableCamera, DEVICE_API, type ListResult, SCENE_CAMERA_API } from '@sentinel/contract';
import type { ApiClient } from './api.ts';

/** The first page of cameras that can still be bound to this scene. */
export async function bindableCameras(api: ApiClient, sceneId: number): Promise<BindableCamera[]> {
  const page = await api<ListResult<BindableCamera>>(SCENE_CAMERA_API.bindable, {
    method: 'POST',
    body: { page: 1, limit: 10, sceneId, keyword: '' },
  });
  return page.list;
}

export interface NewCamera {
  /** Model of the camera type created for it. */
  model: string;
  name: string;
  code: string;
  ip: string;
}

/** A camera type and a camera through the devices API; answers the first bindable camera. */
async function addBindableCamera(
  api: ApiClient,
  sceneId: number,
  camera: NewCamera,
): Promise<BindableCamera> {
  const type = await api<{ id: number }>(DEVICE_API.cameraType, {
    method: 'POST',
    body: { brand: '海康威视', model: camera.model, type: '枪机' },
  });
  await api(DEVICE_API.camera, {
    method: 'POST',
    body: { name: camera.name, code: camera.code, cameraTypeId: type.id, ip: camera.ip, videoPort: 554 },
  });
  const [added] = await bindableCameras(api, sceneId);
  if (!added) throw new Error('no camera to bind');
  return added;
}

/** A camera the scene can bind: the first free demo camera, or `fallback` added when there is none. */
export async function cameraToBind(
  api: ApiClient,
  sceneId: number,
  fallback: NewCamera,
): Promise<BindableCamera> {
  return (await bindableCameras(api, sceneId))[0] ?? (await addBindableCamera(api, sceneId, fallback));
}
