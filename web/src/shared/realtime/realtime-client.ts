import { create } from 'zustand';
import type { SseMessage } from './sse-parser.ts';
import { type OpenStream, openEventSource, openFetchStream } from './transports.ts';

export const EVENTS_PATH = '/api/v2/backend/events';
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'down';
export type Transport = 'eventsource' | 'fetch';

export const useRealtimeStore = create<{ state: ConnectionState }>()(() => ({ state: 'idle' }));

type Handler = (data: unknown) => void;

/** Next wait after `attempt` failures: exponential with ±25 % jitter, capped at 30 s. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * One shared server-sent event connection for the whole console. Reconnects with backoff while a
 * token is set; handlers are registered per event type and get the parsed JSON data.
 * Transport: EventSource where available (browsers treat it as a long-lived stream), else the
 * fetch + ReadableStream reader with the token header.
 */
export class RealtimeClient {
  private handlers = new Map<string, Set<Handler>>();
  private token = '';
  private controller: AbortController | null = null;
  private stream: OpenStream | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private generation = 0;

  constructor(
    private readonly transport: Transport = typeof EventSource !== 'undefined' ? 'eventsource' : 'fetch',
    private readonly url = EVENTS_PATH,
  ) {}

  subscribe(type: string, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    this.stream?.listen(type);
    return () => {
      set.delete(handler);
    };
  }

  /** Connect with this token (empty: disconnect). The same token again does nothing. */
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
    this.stream = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.token = '';
    useRealtimeStore.setState({ state: 'idle' });
  }

  private emit(message: SseMessage): void {
    const set = this.handlers.get(message.event);
    if (!set || set.size === 0) return;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
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
    const open = this.transport === 'eventsource' ? openEventSource : openFetchStream;
    const stream = open(this.url, this.token, controller.signal, {
      onOpen: () => {
        if (generation !== this.generation) return;
        this.attempt = 0;
        useRealtimeStore.setState({ state: 'connected' });
      },
      onMessage: (message) => {
        if (generation === this.generation) this.emit(message);
      },
      types: () => this.handlers.keys(),
    });
    this.stream = stream;
    await stream.closed;
    if (generation !== this.generation || !this.token) return;
    this.stream = null;
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
