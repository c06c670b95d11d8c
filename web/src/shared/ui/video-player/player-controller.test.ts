import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AddressSource,
  CameraNotFoundError,
  type PlayableAddress,
  StreamRefusedError,
} from './address-source.ts';
import type { AttachDecoder, DecoderCallbacks } from './decoders.ts';
import { FRESHNESS_CHECK_MS, STALE_AFTER_MS, STALE_OVERLAY_LATEST_MS } from './freshness.ts';
import { PlayerController } from './player-controller.ts';
import type { PlayerSnapshot } from './player-state.ts';
import { FIRST_FRAME_TIMEOUT_MS, MAX_RECONNECT_ATTEMPTS, STALL_TIMEOUT_MS } from './reconnect-policy.ts';

const ADDRESS: PlayableAddress = { url: 'ws://h/live/a.flv?token=1', kind: 'ws-flv' };

function fakeSource(get: AddressSource['get'] = async () => ADDRESS) {
  return { get: vi.fn(get), setActive: vi.fn(), dispose: vi.fn() };
}

/** A decoder double: records attaches and releases, lets the test report failures. */
function fakeDecoders() {
  const attached: Array<{ address: PlayableAddress; callbacks: DecoderCallbacks; released: boolean }> = [];
  const attach: AttachDecoder = async (_video, address, _options, callbacks) => {
    const entry = { address, callbacks, released: false };
    attached.push(entry);
    return {
      release: () => {
        entry.released = true;
      },
    };
  };
  return { attach: vi.fn(attach), attached };
}

function setup(source = fakeSource(), live = true) {
  const video = document.createElement('video');
  const decoders = fakeDecoders();
  const states: PlayerSnapshot[] = [];
  const onNotFound = vi.fn();
  const controller = new PlayerController({
    video,
    source,
    attach: decoders.attach,
    live,
    hasAudio: false,
    onChange: (s) => states.push(s),
    onNotFound,
  });
  const frame = () => video.dispatchEvent(new Event('playing'));
  return {
    video,
    decoders,
    states,
    controller,
    source,
    onNotFound,
    frame,
    state: () => controller.current.state,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('PlayerController', () => {
  it('connects only when active, and plays on the first frame', async () => {
    const t = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.decoders.attach).not.toHaveBeenCalled();
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.decoders.attached.map((a) => a.address)).toEqual([ADDRESS]);
    expect(t.source.get).toHaveBeenCalledWith(false, expect.any(AbortSignal));
    expect(t.state()).toBe('loading');
    t.frame();
    expect(t.state()).toBe('playing');
  });

  it('reconnects after a drop with a fresh address and growing delays', async () => {
    const t = setup();
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    t.frame();
    t.decoders.attached[0]?.callbacks.onFailure('stream ended');
    expect(t.decoders.attached[0]?.released).toBe(true);
    expect(t.state()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(999);
    expect(t.decoders.attached).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.decoders.attached).toHaveLength(2);
    expect(t.source.get).toHaveBeenLastCalledWith(true, expect.any(AbortSignal));
    // Second failure in a row: 2 s.
    t.video.dispatchEvent(new Event('error'));
    expect(t.controller.current.attempt).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.decoders.attached).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.decoders.attached).toHaveLength(3);
    t.frame();
    expect(t.controller.current).toMatchObject({ state: 'playing', attempt: 0 });
  });

  it('ignores failures reported by a decoder it already released', async () => {
    const t = setup();
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    t.frame();
    t.decoders.attached[0]?.callbacks.onFailure('x');
    await vi.advanceTimersByTimeAsync(1000);
    t.frame();
    t.decoders.attached[0]?.callbacks.onFailure('late');
    expect(t.state()).toBe('playing');
  });

  it('shows the failure after several attempts without a frame, and retries on demand', async () => {
    const t = setup();
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i <= MAX_RECONNECT_ATTEMPTS; i++) {
      await vi.advanceTimersByTimeAsync(FIRST_FRAME_TIMEOUT_MS);
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(t.controller.current).toMatchObject({ state: 'failed', failure: { reason: 'unplayable' } });
    expect(t.decoders.attached).toHaveLength(MAX_RECONNECT_ATTEMPTS + 1);
    expect(t.decoders.attached.every((a) => a.released)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.decoders.attached).toHaveLength(MAX_RECONNECT_ATTEMPTS + 1);
    t.controller.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.decoders.attached).toHaveLength(MAX_RECONNECT_ATTEMPTS + 2);
    expect(t.state()).toBe('loading');
  });

  it('reconnects a stream whose time stops advancing', async () => {
    const t = setup();
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    t.frame();
    vi.spyOn(t.video, 'paused', 'get').mockReturnValue(false);
    await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS - 2_000);
    expect(t.state()).toBe('playing');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(t.state()).toBe('reconnecting');
    expect(t.decoders.attached[0]?.released).toBe(true);
  });

  it('marks a live stream stale within STALE_OVERLAY_LATEST_MS, fresh again when frames come', async () => {
    const t = setup();
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    t.frame();
    vi.spyOn(t.video, 'paused', 'get').mockReturnValue(false);
    let time = 0;
    vi.spyOn(t.video, 'currentTime', 'get').mockImplementation(() => time);
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS - FRESHNESS_CHECK_MS);
    expect(t.controller.current.stale).toBe(false);
    await vi.advanceTimersByTimeAsync(STALE_OVERLAY_LATEST_MS - (STALE_AFTER_MS - FRESHNESS_CHECK_MS));
    expect(t.controller.current).toMatchObject({ state: 'playing', stale: true });
    // The same time again is no frame; a new time is.
    t.video.dispatchEvent(new Event('timeupdate'));
    expect(t.controller.current.stale).toBe(true);
    time = 1.5;
    t.video.dispatchEvent(new Event('timeupdate'));
    expect(t.controller.current).toMatchObject({ state: 'playing', stale: false });
    expect(t.decoders.attached).toHaveLength(1);
    // Stale again, then the reconnect policy takes over at STALL_TIMEOUT_MS.
    await vi.advanceTimersByTimeAsync(STALE_OVERLAY_LATEST_MS);
    expect(t.controller.current.stale).toBe(true);
    await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS - STALE_OVERLAY_LATEST_MS);
    expect(t.controller.current).toMatchObject({ state: 'reconnecting', stale: false });
    expect(t.decoders.attached[0]?.released).toBe(true);
  });

  it('marks a live stream stale when its decoder reports no new media, while buffered frames still play', async () => {
    const t = setup();
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    t.frame();
    vi.spyOn(t.video, 'paused', 'get').mockReturnValue(false);
    let time = 0;
    vi.spyOn(t.video, 'currentTime', 'get').mockImplementation(() => time);
    const data = t.decoders.attached[0]?.callbacks.onData;
    if (!data) throw new Error('no onData');
    const play = async (ms: number, arriving: boolean) => {
      for (let at = 0; at < ms; at += 250) {
        time += 0.25;
        t.video.dispatchEvent(new Event('timeupdate'));
        if (arriving && at % 1_000 === 0) data(1_000);
        await vi.advanceTimersByTimeAsync(250);
      }
    };
    await play(5_000, true);
    expect(t.controller.current.stale).toBe(false);
    // The source stops: frames keep playing from the buffer, nothing arrives.
    await play(STALE_OVERLAY_LATEST_MS, false);
    expect(t.controller.current).toMatchObject({ state: 'playing', stale: true });
    await play(1_000, false);
    expect(t.controller.current.stale).toBe(true);
    // Media arrives again: fresh on the next frame.
    await play(500, true);
    expect(t.controller.current.stale).toBe(false);
  });

  it('counts presented frames (requestVideoFrameCallback) as progress', async () => {
    const t = setup();
    const pending: Array<() => void> = [];
    const cancel = vi.fn();
    Object.assign(t.video, {
      requestVideoFrameCallback: (callback: () => void) => pending.push(callback),
      cancelVideoFrameCallback: cancel,
    });
    let time = 0;
    vi.spyOn(t.video, 'currentTime', 'get').mockImplementation(() => time);
    vi.spyOn(t.video, 'paused', 'get').mockReturnValue(false);
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    t.frame();
    for (let i = 0; i < 20; i++) {
      time += 0.5;
      pending.shift()?.();
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(t.controller.current).toMatchObject({ state: 'playing', stale: false });
    await vi.advanceTimersByTimeAsync(STALE_OVERLAY_LATEST_MS);
    expect(t.controller.current.stale).toBe(true);
    t.controller.dispose();
    expect(cancel).toHaveBeenCalled();
  });

  it('keeps a stream whose time advances', async () => {
    const t = setup();
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    t.frame();
    vi.spyOn(t.video, 'paused', 'get').mockReturnValue(false);
    let time = 0;
    vi.spyOn(t.video, 'currentTime', 'get').mockImplementation(() => time);
    for (let i = 0; i < 20; i++) {
      time += 1;
      t.video.dispatchEvent(new Event('timeupdate'));
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(t.state()).toBe('playing');
    expect(t.decoders.attached).toHaveLength(1);
  });

  it('does not call a paused recording stalled', async () => {
    const t = setup(
      fakeSource(async () => ({ url: '/a.mp4', kind: 'mp4' })),
      false,
    );
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    t.frame();
    vi.spyOn(t.video, 'paused', 'get').mockReturnValue(true);
    await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS * 3);
    expect(t.state()).toBe('playing');
    // A recording that ends is not a drop either.
    t.video.dispatchEvent(new Event('ended'));
    expect(t.state()).toBe('playing');
  });

  it('releases the decoder when suspended and connects again on resume', async () => {
    const t = setup();
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    t.frame();
    t.controller.setActive(false);
    expect(t.decoders.attached[0]?.released).toBe(true);
    expect(t.source.setActive).toHaveBeenLastCalledWith(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.decoders.attached).toHaveLength(1);
    t.controller.setActive(true);
    expect(t.state()).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.decoders.attached).toHaveLength(2);
    expect(t.source.setActive).toHaveBeenLastCalledWith(true);
  });

  it('shows the server message for an unknown camera and does not retry', async () => {
    const t = setup(
      fakeSource(async () => {
        throw new CameraNotFoundError('未找到摄像头！');
      }),
    );
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.controller.current).toMatchObject({
      state: 'failed',
      failure: { reason: 'notFound', message: '未找到摄像头！' },
    });
    expect(t.onNotFound).toHaveBeenCalledWith('未找到摄像头！');
    // No more address refreshes for a camera the server does not know.
    expect(t.source.setActive).toHaveBeenLastCalledWith(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.source.get).toHaveBeenCalledTimes(1);
    expect(t.decoders.attach).not.toHaveBeenCalled();
  });

  it('shows a refusal (disabled camera) without a toast and without retrying', async () => {
    const t = setup(
      fakeSource(async () => {
        throw new StreamRefusedError('Camera disabled');
      }),
    );
    t.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.controller.current).toMatchObject({
      state: 'failed',
      failure: { reason: 'refused', message: 'Camera disabled' },
    });
    expect(t.onNotFound).not.toHaveBeenCalled();
    expect(t.source.get).toHaveBeenCalledTimes(1);
  });

  it('releases a decoder that arrives after dispose, and everything on dispose', async () => {
    let resolveAddress: (a: PlayableAddress) => void = () => {};
    const t = setup(fakeSource(() => new Promise((resolve) => (resolveAddress = resolve))));
    t.controller.setActive(true);
    t.controller.dispose();
    resolveAddress(ADDRESS);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.decoders.attach).not.toHaveBeenCalled();
    expect(t.source.dispose).toHaveBeenCalled();

    const u = setup();
    u.controller.setActive(true);
    await vi.advanceTimersByTimeAsync(0);
    u.frame();
    u.video.src = 'blob:x';
    u.controller.dispose();
    expect(u.decoders.attached[0]?.released).toBe(true);
    expect(u.video.hasAttribute('src')).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
