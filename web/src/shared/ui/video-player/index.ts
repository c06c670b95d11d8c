export type { PlayerFailure, PlayerState } from './player-state.ts';
export type { SourceKind } from './source-kind.ts';
export { VideoPlayer, type VideoPlayerProps } from './video-player.tsx';
