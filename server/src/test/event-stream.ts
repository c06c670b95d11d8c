import { request as httpRequest, type IncomingMessage } from 'node:http';
import { API } from '@sentinel/contract';

/** An open `GET /events` (or any server-sent events path) as a test reads it: the text so far. */
export interface TestEventStream {
  res: IncomingMessage;
  text: () => string;
  /** Resolves with the whole text once it holds `needle`; rejects after `timeoutMs`. */
  waitFor: (needle: string, timeoutMs?: number) => Promise<string>;
  /** Resolves when the server closes the stream. */
  ended: Promise<void>;
  close: () => void;
}

/** Opens an event stream on a listening test app (`base` = http://127.0.0.1:<port>). */
export function openEventStream(
  base: string,
  options: { token?: string; path?: string; headers?: Record<string, string> } = {},
): Promise<TestEventStream> {
  const headers = { ...(options.token ? { token: options.token } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${options.path ?? API.events}`, { headers }, (res) => {
      let buffer = '';
      const waiters: (() => void)[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (const w of waiters.splice(0)) w();
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      const waitFor = (needle: string, timeoutMs = 5000) =>
        new Promise<string>((ok, fail) => {
          const timer = setTimeout(
            () => fail(new Error(`timeout waiting for ${needle}; got ${buffer}`)),
            timeoutMs,
          );
          const check = () => {
            if (buffer.includes(needle)) {
              clearTimeout(timer);
              ok(buffer);
            } else waiters.push(check);
          };
          check();
        });
      resolve({ res, text: () => buffer, waitFor, ended, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The `data:` payloads of one event type in a stream's text. */
export function eventPayloads(text: string, type: string): unknown[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith(`event: ${type}\n`))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)));
}
