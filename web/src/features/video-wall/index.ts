export { VideoWall } from './components/video-wall.tsx';
export { VideoWallSwitch } from './components/video-wall-switch.tsx';
