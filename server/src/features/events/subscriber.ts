import type { BusEvent } from '../../platform/event-bus.ts';
import type { StreamFilter } from '../../platform/event-stream.ts';
import { canSeeScene, type VisibleScenes } from '../../platform/scene-authority.ts';

/** The scene an event is about: its audience's, else an alarm event's own `sceneId`. */
function sceneOf(event: BusEvent): { sceneId: number | null } | undefined {
  const audience = event.audience;
  if (audience && 'sceneId' in audience && audience.sceneId !== undefined) {
    return { sceneId: audience.sceneId };
  }
  if (event.type.startsWith('alarm.') && typeof event.data === 'object' && event.data !== null) {
    const sceneId = (event.data as { sceneId?: unknown }).sceneId;
    if (sceneId === null || typeof sceneId === 'number') return { sceneId };
  }
  return undefined;
}

/**
 * Whether an event may go to this subscriber: an audience account means that account only; a
 * scene (the audience's, or the alarm's own) needs scene authority over it (no scene: accounts
 * that see every scene).
 */
export function audienceAllows(event: BusEvent, accountId: number, scenes: VisibleScenes): boolean {
  if (event.internal) return false;
  const target = event.audience?.accountId;
  if (target !== undefined && target !== accountId) return false;
  const scene = sceneOf(event);
  if (scene === undefined) return true;
  return scene.sceneId === null ? scenes === 'all' : canSeeScene(scenes, scene.sceneId);
}

export interface SubscriberOptions {
  accountId: number;
  scenes: VisibleScenes;
  /** The filters features registered on the stream (app.streamFilters), started for this stream. */
  filters: StreamFilter[];
  /** Writes one event to the stream. */
  send: (type: string, data: unknown) => void;
}

/**
 * One event-stream subscriber: filters bus events by audience and scene authority, then offers
 * each to the registered filters in order (alarm-rules governs `alarm.created` by the account's
 * rule); what no filter takes over is sent as it is. `close()` closes the filters.
 */
export function createSubscriber(options: SubscriberOptions) {
  const { accountId, scenes, filters, send } = options;
  let closed = false;
  return {
    onEvent(event: BusEvent) {
      if (closed || !audienceAllows(event, accountId, scenes)) return;
      if (filters.some((filter) => filter.take(event))) return;
      send(event.type, event.data ?? null);
    },
    close() {
      closed = true;
      for (const filter of filters) filter.close();
    },
  };
}
