import { describe, expect, it } from 'vitest';
import { cameraIdOf, detectSourceKind, isLiveByDefault, playableAddress } from './source-kind.ts';

const page = { protocol: 'http:', host: 'console.local:8080' };

describe('detectSourceKind', () => {
  it('sends websocket addresses to the FLV decoder', () => {
    expect(detectSourceKind('ws://media:8080/live/cam1.live.flv')).toBe('ws-flv');
    expect(detectSourceKind('WSS://media/live/cam1')).toBe('ws-flv');
  });
  it('recognises HTTP-FLV and HLS by the path, ignoring query and hash', () => {
    expect(detectSourceKind('http://media/live/cam1.flv?sign=abc')).toBe('http-flv');
    expect(detectSourceKind('/api/v2/video/demo/coke-oven.flv?token=x')).toBe('http-flv');
    expect(detectSourceKind('https://media/live/cam1/index.m3u8#t=3')).toBe('hls');
    expect(detectSourceKind('https://media/x.flv.mp4?f=.flv')).toBe('mp4');
  });
  it('plays anything else natively', () => {
    expect(detectSourceKind('/media/alarm/2026/clip.mp4')).toBe('mp4');
    expect(detectSourceKind('https://cdn/video')).toBe('mp4');
  });
});

describe('playableAddress', () => {
  it('turns a same-origin path of a websocket stream into ws://host/path', () => {
    expect(playableAddress('/api/v2/video/demo/coke-oven.flv?token=t.1', 'ws-flv', page)).toBe(
      'ws://console.local:8080/api/v2/video/demo/coke-oven.flv?token=t.1',
    );
    expect(playableAddress('api/v2/x.flv', 'ws-flv', page)).toBe('ws://console.local:8080/api/v2/x.flv');
  });
  it('uses wss on an https page and for https addresses', () => {
    expect(playableAddress('/live/a.flv', 'ws-flv', { protocol: 'https:', host: 'h' })).toBe(
      'wss://h/live/a.flv',
    );
    expect(playableAddress('https://m/live/a.flv', 'ws-flv', page)).toBe('wss://m/live/a.flv');
  });
  it('keeps websocket addresses and other kinds as given', () => {
    expect(playableAddress('ws://m/a.flv', 'ws-flv', page)).toBe('ws://m/a.flv');
    expect(playableAddress('/media/clip.mp4', 'mp4', page)).toBe('/media/clip.mp4');
    expect(playableAddress('/live/a.flv', 'http-flv', page)).toBe('/live/a.flv');
  });
});

describe('cameraIdOf and isLiveByDefault', () => {
  it('takes positive integers and digit strings as camera ids', () => {
    expect(cameraIdOf(12)).toBe(12);
    expect(cameraIdOf(' 7 ')).toBe(7);
    expect(cameraIdOf(0)).toBeNull();
    expect(cameraIdOf(1.5)).toBeNull();
    expect(cameraIdOf('/media/1.mp4')).toBeNull();
    expect(cameraIdOf('007')).toBeNull();
  });
  it('treats cameras and FLV streams as live, files and HLS as recorded', () => {
    expect(isLiveByDefault(3, 'ws-flv')).toBe(true);
    expect(isLiveByDefault('ws://m/a', 'ws-flv')).toBe(true);
    expect(isLiveByDefault('http://m/a.flv', 'http-flv')).toBe(true);
    expect(isLiveByDefault('/a.mp4', 'mp4')).toBe(false);
    expect(isLiveByDefault('/a.m3u8', 'hls')).toBe(false);
  });
});
