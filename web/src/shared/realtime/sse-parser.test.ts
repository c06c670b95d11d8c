import { describe, expect, it } from 'vitest';
import { type SseMessage, SseParser } from './sse-parser.ts';

function collect() {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const parser = new SseParser(
    (m) => messages.push(m),
    (c) => comments.push(c),
  );
  return { parser, messages, comments };
}

describe('SseParser', () => {
  it('parses a named event with JSON data', () => {
    const { parser, messages } = collect();
    parser.feed('event: alarm.created\ndata: {"id":1}\n\n');
    expect(messages).toEqual([{ event: 'alarm.created', data: '{"id":1}' }]);
  });

  it('joins multi-line data with newlines and defaults the event name', () => {
    const { parser, messages } = collect();
    parser.feed('data: first\ndata: second\ndata:third\n\n');
    expect(messages).toEqual([{ event: 'message', data: 'first\nsecond\nthird' }]);
  });

  it('reports comments (heartbeats) without dispatching events', () => {
    const { parser, messages, comments } = collect();
    parser.feed(': connected\n\n: heartbeat\n\n');
    expect(messages).toEqual([]);
    expect(comments).toEqual(['connected', 'heartbeat']);
  });

  it('handles chunks split anywhere, including inside CRLF', () => {
    const { parser, messages } = collect();
    const stream = 'event: alarm.updated\r\ndata: {"id":2,\r\ndata: "x":1}\r\n\r\nevent: a\ndata: b\n\n';
    for (const ch of stream) parser.feed(ch);
    expect(messages).toEqual([
      { event: 'alarm.updated', data: '{"id":2,\n"x":1}' },
      { event: 'a', data: 'b' },
    ]);
  });

  it('does not dispatch an incomplete event and forgets it on reset', () => {
    const { parser, messages } = collect();
    parser.feed('event: alarm.created\ndata: {"id"');
    expect(messages).toEqual([]);
    parser.reset();
    parser.feed('data: ok\n\n');
    expect(messages).toEqual([{ event: 'message', data: 'ok' }]);
  });

  it('ignores events without data, keeps the id and resets the name between events', () => {
    const { parser, messages } = collect();
    parser.feed('event: empty\n\nid: 7\nevent: x\ndata: 1\n\ndata: 2\n\n');
    expect(messages).toEqual([
      { event: 'x', data: '1', id: '7' },
      { event: 'message', data: '2', id: '7' },
    ]);
  });
});
