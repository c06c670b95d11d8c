import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** A domain event (`alarm.created`, `export.ready`, …) delivered to every instance's subscribers. */
export interface BusEvent {
  type: string;
  data: unknown;
  /** ISO time of publication. */
  at?: string;
  /**
   * Who may receive it on the event stream: only this account, and/or only accounts whose scene
   * authority covers this scene (null: accounts that see every scene). Absent means everyone.
   */
  audience?: { accountId?: number; sceneId?: number | null };
  /** For the instances only (e.g. cache invalidation): never sent on the event stream. */
  internal?: boolean;
}

export type BusHandler = (event: BusEvent) => void;

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(event: BusEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

export const REDIS_CHANNEL = 'sentinel:events';

function localFanOut() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (event: BusEvent) => emitter.emit('event', event),
    subscribe(handler: BusHandler) {
      const safe = (event: BusEvent) => {
        try {
          handler(event);
        } catch {
          // one subscriber's failure must not break the others
        }
      };
      emitter.on('event', safe);
      return () => {
        emitter.off('event', safe);
      };
    },
    clear: () => emitter.removeAllListeners(),
  };
}

/** In-process bus (EventEmitter): the default with no REDIS_URL. */
export function createMemoryBus(): EventBus {
  const fan = localFanOut();
  return {
    kind: 'memory',
    async publish(event) {
      fan.emit({ ...event, at: event.at ?? new Date().toISOString() });
    },
    subscribe: fan.subscribe,
    async close() {
      fan.clear();
    },
  };
}

/**
 * Redis pub/sub bus: publishes on `sentinel:events`; every instance (this one included) receives
 * each event from Redis and hands it to its local subscribers.
 */
export async function createRedisBus(url: string, onError: (error: unknown) => void): Promise<EventBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  pub.on('error', onError);
  sub.on('error', onError);
  const fan = localFanOut();
  try {
    await pub.connect();
    await sub.connect();
    sub.on('message', (channel: string, message: string) => {
      if (channel !== REDIS_CHANNEL) return;
      try {
        fan.emit(JSON.parse(message) as BusEvent);
      } catch (error) {
        onError(error);
      }
    });
    await sub.subscribe(REDIS_CHANNEL);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw error;
  }
  return {
    kind: 'redis',
    async publish(event) {
      await pub.publish(
        REDIS_CHANNEL,
        JSON.stringify({ ...event, at: event.at ?? new Date().toISOString() }),
      );
    },
    subscribe: fan.subscribe,
    async close() {
      fan.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
