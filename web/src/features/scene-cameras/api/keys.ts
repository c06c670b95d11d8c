/** Query keys of this feature: every change invalidates the `sceneCameras` tree. */
export const sceneCameraKeys = {
  all: ['sceneCameras'] as const,
  scenes: (kind?: string) => ['sceneCameras', 'scenes', kind ?? 'all'] as const,
  list: (query: object) => ['sceneCameras', 'list', query] as const,
  bindable: (query: object) => ['sceneCameras', 'bindable', query] as const,
  algorithms: (sceneId: number, cameraId: number) =>
    ['sceneCameras', 'algorithms', sceneId, cameraId] as const,
  options: ['sceneCameras', 'algorithmOptions'] as const,
};
