import { z } from 'zod';

/** Camera list of the multi-screen video wall (issue 5 §4; path not in the SPEC). */
export const VIDEO_WALL_API = {
  /** GET → the cameras the caller may watch, with plant, area, online status and scenes. */
  cameras: '/api/v2/video/wall/cameras',
} as const;

export const videoWallScene = z.object({ id: z.number(), name: z.string() });
export type VideoWallScene = z.infer<typeof videoWallScene>;

export const videoWallCamera = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  online: z.boolean(),
  /** The camera's area (null when the camera has none). */
  areaId: z.number().nullable(),
  areaName: z.string(),
  /** Names of the area's factory and plant ancestors ('' when there is none). */
  factoryName: z.string(),
  plantName: z.string(),
  /** Visible scenes the camera is bound to. */
  sceneIds: z.array(z.number()),
});
export type VideoWallCamera = z.infer<typeof videoWallCamera>;

export const videoWallCameras = z.object({
  /** Enabled scenes the caller may see, by name. */
  scenes: z.array(videoWallScene),
  /** Enabled cameras the caller may see (an account limited to scenes: cameras bound to them). */
  cameras: z.array(videoWallCamera),
});
export type VideoWallCameras = z.infer<typeof videoWallCameras>;
