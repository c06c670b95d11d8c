import { lazy } from 'react';

/**
 * The wall (players, their decoders, the camera list) loads when it is shown: the layout that
 * holds it is on every page. Render it inside a Suspense.
 */
export const VideoWall = lazy(() =>
  import('./components/video-wall.tsx').then((m) => ({ default: m.VideoWall })),
);
export { VideoWallSwitch } from './components/video-wall-switch.tsx';
