import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, useRealtimeStore } from './realtime-client.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RealtimeClient (fetch transport)', () => {
  it('sends the token header, parses split events and reconnects after the stream ends', async () => {
    const calls: Array<{ url: string; token: string | null }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, token: new Headers(init.headers).get('token') });
        return new Response(
          streamOf([': connected\n\nevent: alarm.cre', 'ated\ndata: {"id":', '5}\n\n: heartbeat\n\n']),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        );
      }),
    );
    const client = new RealtimeClient('fetch', '/events');
    const received: unknown[] = [];
    client.subscribe('alarm.created', (data) => received.push(data));
    client.subscribe('alarm.updated', () => received.push('wrong'));
    client.setToken('secret');
    await vi.waitFor(() => expect(received).toEqual([{ id: 5 }]));
    expect(calls[0]).toEqual({ url: '/events', token: 'secret' });
    await vi.waitFor(() => expect(useRealtimeStore.getState().state).toBe('down'));
    client.stop();
    expect(useRealtimeStore.getState().state).toBe('idle');
  });

  it('reports the connection down when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    const client = new RealtimeClient('fetch', '/events');
    client.setToken('bad');
    await vi.waitFor(() => expect(useRealtimeStore.getState().state).toBe('down'));
    client.stop();
  });
});
