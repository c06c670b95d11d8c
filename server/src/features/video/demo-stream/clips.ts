/**
 * The bundled demo clips (server/assets/demo-clips/<name>.flv, made by
 * scripts/generate-demo-clips.sh): H.264 FLV, looped in real time by the demo stream source.
 */
export const DEMO_CLIPS = ['coke-oven', 'conveyor', 'plant-gate', 'tank-farm'] as const;
export type DemoClip = (typeof DEMO_CLIPS)[number];

/** A camera plays a demo clip when its main stream url is `demo:<clip>`. */
export const DEMO_STREAM_SCHEME = 'demo:';

/** The stream key signed into a demo clip's token (stream-token.ts). */
export const demoStreamKey = (clip: string) => `${DEMO_STREAM_SCHEME}${clip}`;

export const isDemoClip = (name: string): name is DemoClip =>
  (DEMO_CLIPS as readonly string[]).includes(name);
