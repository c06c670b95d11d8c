/** One server-sent event: `event:` name (default 'message') and the joined `data:` lines. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * Incremental parser of the text/event-stream format (WHATWG HTML §9.2): feed it decoded chunks
 * in any split; it calls `onMessage` for every complete event. Comment lines (`: heartbeat`) are
 * reported to `onComment` and otherwise ignored.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  private sawCr = false;

  constructor(
    private readonly onMessage: (message: SseMessage) => void,
    private readonly onComment: (text: string) => void = () => {},
  ) {}

  feed(chunk: string): void {
    let text = chunk;
    // A CR at the end of the previous chunk already ended a line; drop the LF of its CRLF.
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1);
    this.sawCr = false;
    this.buffer += text;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone CR at the very end may be the first half of CRLF.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) {
        this.sawCr = true;
      }
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
  }

  /** Forget a half-received event (after a reconnect). */
  reset(): void {
    this.buffer = '';
    this.event = '';
    this.data = [];
    this.id = undefined;
    this.sawCr = false;
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.onComment(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    // 'retry' and unknown fields are ignored: the client has its own backoff.
  }

  private dispatch(): void {
    if (this.data.length > 0) {
      const message: SseMessage = { event: this.event || 'message', data: this.data.join('\n') };
      if (this.id !== undefined) message.id = this.id;
      this.onMessage(message);
    }
    this.event = '';
    this.data = [];
  }
}
