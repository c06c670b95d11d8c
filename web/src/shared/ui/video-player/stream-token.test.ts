import { describe, expect, it } from 'vitest';
import { withStreamToken } from './stream-token.ts';

const playlist = 'http://media.plant.local/hls/CAM-01.m3u8?token=abc.def';

describe('withStreamToken', () => {
  it("carries the playlist's token to its fragments on the same origin", () => {
    expect(withStreamToken('http://media.plant.local/hls/CAM-01-12.ts', playlist)).toBe(
      'http://media.plant.local/hls/CAM-01-12.ts?token=abc.def',
    );
    expect(withStreamToken('http://media.plant.local/hls/CAM-01-12.ts?x=1', playlist)).toBe(
      'http://media.plant.local/hls/CAM-01-12.ts?x=1&token=abc.def',
    );
    // the playlist itself keeps its own token
    expect(withStreamToken(playlist, playlist)).toBe(playlist);
  });

  it('never hands the token to another origin, and leaves addresses without a token alone', () => {
    expect(withStreamToken('http://cdn.example/CAM-01-12.ts', playlist)).toBe(
      'http://cdn.example/CAM-01-12.ts',
    );
    expect(withStreamToken('https://media.plant.local/hls/CAM-01-12.ts', playlist)).toBe(
      'https://media.plant.local/hls/CAM-01-12.ts',
    );
    const bare = 'http://media.plant.local/hls/CAM-01.m3u8';
    expect(withStreamToken('http://media.plant.local/hls/CAM-01-12.ts', bare)).toBe(
      'http://media.plant.local/hls/CAM-01-12.ts',
    );
    expect(withStreamToken('http://media.plant.local/hls/x.ts?token=other', playlist)).toBe(
      'http://media.plant.local/hls/x.ts?token=other',
    );
    expect(withStreamToken('not a url', 'also not')).toBe('not a url');
  });
});
