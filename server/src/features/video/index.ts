/** The video feature's public face (ARCHITECTURE.md, import rules). */

export { DEMO_STREAM_SCHEME, type DemoClip, demoStreamKey } from './demo-stream/clips.ts';
export { isDemoClipStopped, setDemoClipRunning } from './demo-stream/switch.ts';
export { videoRoutes } from './routes.ts';
export { demoClipOf } from './stream-address.ts';
export { signStreamToken, streamSecretOf } from './stream-token.ts';
