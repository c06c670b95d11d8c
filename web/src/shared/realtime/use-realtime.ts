import { useEffect, useRef } from 'react';
import { useUserStore } from '../stores/user-store.ts';
import { type ConnectionState, realtime, useRealtimeStore } from './realtime-client.ts';

/** Calls `handler` with the parsed data of every server event of `type` (latest handler wins). */
export function useRealtime<T = unknown>(type: string, handler: (data: T) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => realtime.subscribe(type, (data) => ref.current(data as T)), [type]);
}

/** State of the shared event stream connection. */
export function useConnectionState(): ConnectionState {
  return useRealtimeStore((s) => s.state);
}

/** Keeps the shared connection open while `enabled` and a token is present (mount once in the layout). */
export function useRealtimeConnection(enabled: boolean): void {
  const token = useUserStore((s) => s.token);
  useEffect(() => {
    realtime.setToken(enabled ? token : '');
  }, [enabled, token]);
  useEffect(() => () => realtime.stop(), []);
}
