import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './webhook-client.ts';

/** A receiver: /ok echoes the body's length and a header, /slow never answers, /long answers 10 kB. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/slow') return;
      if (req.url === '/long') return void res.writeHead(500).end('x'.repeat(10_000));
      res.writeHead(202).end(`${Buffer.concat(chunks).length} ${req.headers['x-key']} 中文`);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('postJson (the webhook HTTP client)', () => {
  it('POSTs the body with the headers and answers the status and the text', async () => {
    const answer = await postJson(`${base}/ok`, { 'x-key': 'k1' }, '{"a":"é"}', 2_000, 100);
    expect(answer).toEqual({ status: 202, text: '10 k1 中文' });
  });

  it('keeps the first maxChars characters of a long answer, and one more to tell it was cut', async () => {
    const answer = await postJson(`${base}/long`, {}, '{}', 2_000, 100);
    expect(answer).toEqual({ status: 500, text: 'x'.repeat(101) });
  });

  it('fails with a TimeoutError when the receiver does not answer in time', async () => {
    const started = performance.now();
    await expect(postJson(`${base}/slow`, {}, '{}', 150, 100)).rejects.toMatchObject({
      name: 'TimeoutError',
      message: 'timed out',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('fails with an AbortError when the signal aborts, before or during the exchange', async () => {
    const before = new AbortController();
    before.abort();
    await expect(postJson(`${base}/ok`, {}, '{}', 2_000, 100, before.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    const during = new AbortController();
    const pending = postJson(`${base}/slow`, {}, '{}', 5_000, 100, during.signal);
    setTimeout(() => during.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fails on a refused connection and on a scheme it does not speak', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    await expect(postJson(`http://127.0.0.1:${port}/x`, {}, '{}', 2_000, 100)).rejects.toThrow();
    await expect(postJson('ftp://127.0.0.1/x', {}, '{}', 2_000, 100)).rejects.toThrow(
      /unsupported URL scheme/,
    );
  });
});
