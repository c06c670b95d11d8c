/** SPEC §9: playback rates for recorded media (a live stream always plays at 1). */
export const PLAYBACK_RATES = [0.7, 1, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

export function isPlaybackRate(value: number): value is PlaybackRate {
  return (PLAYBACK_RATES as readonly number[]).includes(value);
}
