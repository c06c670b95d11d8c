import { create } from 'zustand';
import { SseParser } from './sse-parser.ts';

export const EVENTS_PATH = '/api/v2/backend/events';
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** No byte (not even a heartbeat) for this long means the stream is dead. */
const STALL_MS = 45_000;

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'down';

export const useRealtimeStore = create<{ state: ConnectionState }>()(() => ({ state: 'idle' }));

type Handler = (data: unknown) => void;

/** Next wait after `attempt` failures: exponential with jitter, capped. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * One shared server-sent event connection (fetch + ReadableStream so the `token` header can be
 * sent). Reconnects with backoff while a token is set; handlers are registered per event type.
 */
class RealtimeClient {
  private handlers = new Map<string, Set<Handler>>();
  private token = '';
  private controller: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private generation = 0;

  subscribe(type: string, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Connect with this token (empty: disconnect). Same token again does nothing. */
  setToken(token: string): void {
    if (token === this.token) return;
    this.stop();
    this.token = token;
    this.attempt = 0;
    if (token) void this.run();
  }

  stop(): void {
    this.generation += 1;
    this.controller?.abort();
    this.controller = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.token = '';
    useRealtimeStore.setState({ state: 'idle' });
  }

  private emit(type: string, raw: string): void {
    const set = this.handlers.get(type);
    if (!set || set.size === 0) return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of [...set]) {
      try {
        handler(data);
      } catch (error) {
        console.error(error);
      }
    }
  }

  private async run(): Promise<void> {
    const generation = this.generation;
    const controller = new AbortController();
    this.controller = controller;
    if (useRealtimeStore.getState().state !== 'down') useRealtimeStore.setState({ state: 'connecting' });
    let stall: ReturnType<typeof setTimeout> | null = null;
    const armStall = () => {
      if (stall) clearTimeout(stall);
      stall = setTimeout(() => controller.abort(), STALL_MS);
    };
    try {
      const response = await fetch(EVENTS_PATH, {
        headers: { token: this.token, Accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
      useRealtimeStore.setState({ state: 'connected' });
      this.attempt = 0;
      armStall();
      const parser = new SseParser((message) => this.emit(message.event, message.data));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        armStall();
        parser.feed(value);
      }
    } catch {
      // Network error, abort or stall: reconnect below unless stopped.
    } finally {
      if (stall) clearTimeout(stall);
    }
    if (generation !== this.generation || !this.token) return;
    useRealtimeStore.setState({ state: 'down' });
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (generation === this.generation && this.token) void this.run();
    }, delay);
  }
}

export const realtime = new RealtimeClient();
