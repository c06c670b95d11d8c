/** Query keys of one scene's monitoring page (invalidated by the scene's live events). */
export const monitorKey = (sceneId: number) => ['sceneMonitor', sceneId] as const;
/** The scene's alarm figures and each camera's latest alarm. */
export const alarmFiguresKey = (sceneId: number) => [...monitorKey(sceneId), 'alarms'] as const;
/** The scene's current job run, its alarms and the scene's safety rate. */
export const runKey = (sceneId: number) => [...monitorKey(sceneId), 'run'] as const;
/** What runs on the scene's cameras. */
export const algorithmsKey = (sceneId: number) => [...monitorKey(sceneId), 'algorithms'] as const;
