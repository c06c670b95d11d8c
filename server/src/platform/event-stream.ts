import type { BusEvent } from './event-bus.ts';
import type { SessionUser } from './types.ts';

/**
 * The event stream's filter hook. The events feature sends each subscriber every bus event its
 * audience and scene authority allow; a feature that governs some events further (alarm-rules:
 * the panel policy on `alarm.created`) registers a filter here at start, and each stream runs its
 * events through the registered filters, in order, before sending them. The stream itself knows
 * no feature.
 */
export interface StreamFilter {
  /** True when the filter took the event over (it sends it itself: now, later or never). */
  take(event: BusEvent): boolean;
  /** The stream ended: stop timers, send nothing more. */
  close(): void;
}

/** What a filter gets once the stream is open. */
export interface StreamContext {
  now: () => Date;
  /** Writes one event to the stream. */
  send: (type: string, data: unknown) => void;
  /** Logs a filter's failure (the request's logger, at warn). */
  onError: (error: unknown, message: string) => void;
}

/**
 * Called when a stream is about to open: loads what the filter needs for this user (a failure
 * answers the request with an error, before the stream opens) and returns the filter's start,
 * called once the stream is open.
 */
export type StreamFilterFactory = (user: SessionUser) => Promise<(stream: StreamContext) => StreamFilter>;

export interface StreamFilters {
  /** Registers a filter for every stream opened from now on (a feature's plugin, at start). */
  add(factory: StreamFilterFactory): void;
  /** Prepares one stream's filters (all loaded at once); the result starts them. */
  prepare(user: SessionUser): Promise<(stream: StreamContext) => StreamFilter[]>;
}

export function createStreamFilters(): StreamFilters {
  const factories: StreamFilterFactory[] = [];
  return {
    add(factory) {
      factories.push(factory);
    },
    async prepare(user) {
      const starts = await Promise.all(factories.map((factory) => factory(user)));
      return (stream) => starts.map((start) => start(stream));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The event stream's filter hook (decorated by app.ts; features add to it at start). */
    streamFilters: StreamFilters;
  }
}
