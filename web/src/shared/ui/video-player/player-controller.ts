import { type AddressSource, CameraNotFoundError, StreamRefusedError } from './address-source.ts';
import { type AttachDecoder, clearMediaElement, type Decoder } from './decoders.ts';
import { FRESHNESS_CHECK_MS, freshness } from './freshness.ts';
import {
  INITIAL_SNAPSHOT,
  nextSnapshot,
  type PlayerEvent,
  type PlayerSnapshot,
  wantsDecoder,
} from './player-state.ts';
import { FIRST_FRAME_TIMEOUT_MS, reconnectDelay } from './reconnect-policy.ts';

export interface PlayerControllerOptions {
  video: HTMLVideoElement;
  source: AddressSource;
  attach: AttachDecoder;
  live: boolean;
  hasAudio: boolean;
  onChange(snapshot: PlayerSnapshot): void;
  /** The camera lookup answered 404 (the component shows a toast once). */
  onNotFound?(message: string): void;
}

/** The frame callback of Chromium and Safari (not in every DOM typing, not in jsdom). */
type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?(callback: () => void): number;
  cancelVideoFrameCallback?(handle: number): void;
};

/**
 * Drives one <video>: connects a decoder while active, reconnects with backoff after a drop, a
 * decoder error, a stall or a missing first frame, and releases everything when suspended or
 * disposed. Every async step carries the generation it started in; a teardown bumps it, so late
 * answers of an old connect are dropped (and their decoder released).
 */
export class PlayerController {
  private snapshot: PlayerSnapshot = { ...INITIAL_SNAPSHOT, suspended: true };
  private active = false;
  private disposed = false;
  private generation = 0;
  private decoder: Decoder | null = null;
  private abort: AbortController | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private stallCheck: ReturnType<typeof setInterval> | null = null;
  private unlisten: (() => void) | null = null;
  /** When the decoder last reported arriving media (decoders that report it: HLS). */
  private data: { lastAt: number; cadenceMs: number } | null = null;

  constructor(private readonly options: PlayerControllerOptions) {}

  get current(): PlayerSnapshot {
    return this.snapshot;
  }

  /** In view and page visible: connect; otherwise release the decoder. */
  setActive(active: boolean) {
    if (this.disposed || active === this.active) return;
    this.active = active;
    if (!active) {
      this.teardown();
      this.dispatch({ type: 'suspend' });
      return;
    }
    this.dispatch({ type: 'resume' });
    if (wantsDecoder(this.snapshot)) void this.connect(false);
  }

  /** The retry button: start over with a fresh address. */
  retry() {
    if (this.disposed) return;
    this.teardown();
    this.dispatch({ type: 'retry' });
    if (wantsDecoder(this.snapshot)) void this.connect(true);
  }

  /** Unmount: release the decoder, timers, listeners and the address refresh. */
  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    this.teardown();
    this.options.source.setActive(false);
    this.options.source.dispose();
  }

  private dispatch(event: PlayerEvent) {
    const before = this.snapshot;
    this.snapshot = nextSnapshot(before, event);
    if (this.disposed) return;
    // The address is kept fresh only while a stream is wanted (not suspended, not failed).
    this.options.source.setActive(wantsDecoder(this.snapshot));
    if (this.snapshot !== before) this.options.onChange(this.snapshot);
  }

  private later(run: () => void, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private async connect(fresh: boolean) {
    const generation = ++this.generation;
    const { video, live, hasAudio } = this.options;
    const abort = new AbortController();
    this.abort = abort;
    this.later(() => {
      if (this.snapshot.state !== 'playing') this.fail(generation);
    }, FIRST_FRAME_TIMEOUT_MS);
    let address: Awaited<ReturnType<AddressSource['get']>>;
    try {
      address = await this.options.source.get(fresh, abort.signal);
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof CameraNotFoundError) {
        this.teardown();
        this.dispatch({ type: 'notFound', message: error.message });
        this.options.onNotFound?.(error.message);
        return;
      }
      if (error instanceof StreamRefusedError) {
        this.teardown();
        this.dispatch({ type: 'refused', message: error.message });
        return;
      }
      this.fail(generation);
      return;
    }
    if (generation !== this.generation) return;
    this.listen(generation);
    try {
      const decoder = await this.options.attach(
        video,
        address,
        { live, hasAudio },
        {
          onFailure: () => this.fail(generation),
          onData: (cadenceMs) => {
            if (generation !== this.generation) return;
            this.data = { lastAt: Date.now(), cadenceMs };
          },
        },
      );
      if (generation !== this.generation) {
        decoder.release();
        return;
      }
      this.decoder = decoder;
    } catch {
      this.fail(generation);
      return;
    }
    video.play()?.catch(() => {
      // Autoplay refused (not muted) or interrupted by a teardown: the state stays as it is.
    });
  }

  private listen(generation: number) {
    const { video, live } = this.options;
    const current = () => generation === this.generation;
    let lastProgressAt = Date.now();
    let lastTime = video.currentTime;
    const freshNow = () =>
      freshness(lastProgressAt, Date.now(), { paused: video.paused || video.ended, live, data: this.data });
    const progressed = () => {
      lastProgressAt = Date.now();
      // Buffered frames still playing while no media arrives keep the overlay (no flicker).
      if (this.snapshot.stale && freshNow() === 'fresh') this.dispatch({ type: 'fresh' });
    };
    const onFrame = () => {
      if (!current()) return;
      lastProgressAt = Date.now();
      this.dispatch({ type: 'firstFrame' });
    };
    const onProgress = () => {
      if (!current() || video.currentTime === lastTime) return;
      lastTime = video.currentTime;
      progressed();
    };
    const onPlay = () => {
      lastProgressAt = Date.now();
    };
    const onError = () => {
      if (current()) this.fail(generation);
    };
    const onEnded = () => {
      if (current() && live) this.fail(generation);
    };
    const events: Array<[string, () => void]> = [
      ['loadeddata', onFrame],
      ['playing', onFrame],
      ['timeupdate', onProgress],
      ['play', onPlay],
      ['error', onError],
      ['ended', onEnded],
    ];
    for (const [name, handler] of events) video.addEventListener(name, handler);
    // Presented frames, where the browser reports them (finer than timeupdate's ~250 ms).
    const frames = video as FrameCallbackVideo;
    let frameHandle: number | null = null;
    const onPresented = () => {
      frameHandle = null;
      if (!current()) return;
      if (video.currentTime !== lastTime) {
        lastTime = video.currentTime;
        progressed();
      }
      frameHandle = frames.requestVideoFrameCallback?.(onPresented) ?? null;
    };
    frameHandle = frames.requestVideoFrameCallback?.(onPresented) ?? null;
    this.stallCheck = setInterval(() => {
      if (!current() || this.snapshot.state !== 'playing') return;
      const now = freshNow();
      if (now === 'stalled') this.fail(generation);
      else this.dispatch({ type: now === 'stale' ? 'stale' : 'fresh' });
    }, FRESHNESS_CHECK_MS);
    this.unlisten = () => {
      for (const [name, handler] of events) video.removeEventListener(name, handler);
      if (frameHandle !== null) frames.cancelVideoFrameCallback?.(frameHandle);
      frameHandle = null;
    };
  }

  private fail(generation: number) {
    if (generation !== this.generation || this.disposed) return;
    this.teardown();
    this.dispatch({ type: 'dropped' });
    if (this.snapshot.state !== 'reconnecting') return;
    const retryGeneration = this.generation;
    this.later(() => {
      if (retryGeneration === this.generation && wantsDecoder(this.snapshot)) void this.connect(true);
    }, reconnectDelay(this.snapshot.attempt));
  }

  /** Releases the decoder and everything of the current connect; bumps the generation. */
  private teardown() {
    this.generation += 1;
    this.data = null;
    this.abort?.abort();
    this.abort = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.stallCheck !== null) clearInterval(this.stallCheck);
    this.stallCheck = null;
    this.unlisten?.();
    this.unlisten = null;
    const decoder = this.decoder;
    this.decoder = null;
    try {
      decoder?.release();
    } catch {
      // A decoder that fails to release is gone anyway; the element is emptied below.
    }
    clearMediaElement(this.options.video);
  }
}
