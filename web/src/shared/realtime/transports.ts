import { type SseMessage, SseParser } from './sse-parser.ts';

/** No byte (not even a heartbeat) for this long means the stream is dead. */
export const STALL_MS = 45_000;

export interface StreamCallbacks {
  onOpen: () => void;
  onMessage: (message: SseMessage) => void;
  /** Event names the caller listens to (EventSource needs them named). */
  types: () => Iterable<string>;
}

export interface OpenStream {
  /** Resolves when the stream ends for any reason (error, server close, abort). */
  closed: Promise<void>;
  /** A handler for a new event type was registered while open. */
  listen: (type: string) => void;
}

/**
 * fetch + ReadableStream transport: sends the token in the `token` header (no token in URLs).
 * Note: a fetch that never ends keeps the page from ever being "network idle" for tools that
 * wait for it; EventSource requests are exempt from that.
 */
export function openFetchStream(
  url: string,
  token: string,
  signal: AbortSignal,
  cb: StreamCallbacks,
): OpenStream {
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  const closed = (async () => {
    let stall: ReturnType<typeof setTimeout> | null = null;
    const armStall = () => {
      if (stall) clearTimeout(stall);
      stall = setTimeout(() => controller.abort(), STALL_MS);
    };
    try {
      const response = await fetch(url, {
        headers: { token, Accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) return;
      cb.onOpen();
      armStall();
      const parser = new SseParser(cb.onMessage);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        armStall();
        parser.feed(value);
      }
    } catch {
      // Network error, abort or stall: the client reconnects.
    } finally {
      if (stall) clearTimeout(stall);
    }
  })();
  return { closed, listen: () => {} };
}

/**
 * EventSource transport: the token goes as `?token=` (the events route accepts it because
 * EventSource cannot set headers). The browser's own retry is replaced by the client's backoff.
 */
export function openEventSource(
  url: string,
  token: string,
  signal: AbortSignal,
  cb: StreamCallbacks,
): OpenStream {
  const source = new EventSource(`${url}?token=${encodeURIComponent(token)}`);
  const named = new Set<string>();
  const listen = (type: string) => {
    if (named.has(type)) return;
    named.add(type);
    source.addEventListener(type, (event) => {
      if (event instanceof MessageEvent && typeof event.data === 'string') {
        cb.onMessage({ event: type, data: event.data });
      }
    });
  };
  for (const type of cb.types()) listen(type);
  const closed = new Promise<void>((resolve) => {
    const finish = () => {
      source.close();
      resolve();
    };
    source.onopen = () => cb.onOpen();
    source.onerror = finish;
    signal.addEventListener('abort', finish, { once: true });
  });
  return { closed, listen };
}
