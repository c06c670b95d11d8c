/**
 * The event fan-out's own measures on this instance (issue 14 §2: the queue monitor's "event
 * fan-out" queue): the open event streams, the events written to them in the last minute, the
 * streams whose client stopped reading (the socket's buffer is full: `write` answered false and no
 * `drain` came yet) and since when, and the streams ended because they stayed stalled. The events
 * feature reports into it; the system status row carries a snapshot, so every instance's fan-out
 * is measured from the database.
 */

export interface FanoutSnapshot {
  /** Which instance (appConfig.instanceId) measured it. */
  instanceId: string;
  streams: number;
  /** Streams whose client is not reading. */
  stalled: number;
  /** When the longest-stalled stream stopped draining (ISO), null when none is stalled. */
  stalledSince: string | null;
  deliveredLastMinute: number;
  /** Streams ended in the last minute because their client stayed stalled. */
  droppedLastMinute: number;
}

/** A per-second counter over the last minute. */
function minuteCounter(now: () => number) {
  const buckets = new Array<number>(60).fill(0);
  const stamps = new Array<number>(60).fill(0);
  return {
    add(n = 1) {
      const second = Math.floor(now() / 1000);
      const slot = second % 60;
      if (stamps[slot] !== second) {
        stamps[slot] = second;
        buckets[slot] = 0;
      }
      buckets[slot] = (buckets[slot] ?? 0) + n;
    },
    total() {
      const second = Math.floor(now() / 1000);
      let sum = 0;
      for (let i = 0; i < 60; i++) if (second - (stamps[i] ?? 0) < 60) sum += buckets[i] ?? 0;
      return sum;
    },
  };
}

export interface FanoutStats {
  opened(stream: object): void;
  closed(stream: object): void;
  /** One event written; `flushed` is what `write` answered (false: the client is not reading). */
  delivered(stream: object, flushed: boolean): void;
  /** The stream's buffer drained: its client reads again. */
  drained(stream: object): void;
  /** A stream ended because it stayed stalled. */
  dropped(stream: object): void;
  /** When this stream stopped draining (epoch ms), undefined when it is not stalled. */
  stalledSince(stream: object): number | undefined;
  snapshot(): FanoutSnapshot;
}

export function createFanoutStats(instanceId: string, now: () => Date): FanoutStats {
  const clock = () => now().getTime();
  const streams = new Map<object, number | undefined>();
  const delivered = minuteCounter(clock);
  const dropped = minuteCounter(clock);
  return {
    opened(stream) {
      streams.set(stream, undefined);
    },
    closed(stream) {
      streams.delete(stream);
    },
    delivered(stream, flushed) {
      delivered.add();
      if (!flushed && streams.has(stream) && streams.get(stream) === undefined) streams.set(stream, clock());
    },
    drained(stream) {
      if (streams.has(stream)) streams.set(stream, undefined);
    },
    dropped(stream) {
      dropped.add();
      streams.delete(stream);
    },
    stalledSince: (stream) => streams.get(stream),
    snapshot() {
      let stalled = 0;
      let oldest: number | undefined;
      for (const since of streams.values()) {
        if (since === undefined) continue;
        stalled++;
        oldest = oldest === undefined ? since : Math.min(oldest, since);
      }
      return {
        instanceId,
        streams: streams.size,
        stalled,
        stalledSince: oldest === undefined ? null : new Date(oldest).toISOString(),
        deliveredLastMinute: delivered.total(),
        droppedLastMinute: dropped.total(),
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's event fan-out measures (decorated by app.ts; the events feature reports). */
    fanout: FanoutStats;
  }
}
