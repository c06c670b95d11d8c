import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Envelope, VIDEO_API } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { backends, buildTestApp, createTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { signStreamToken } from '../stream-token.ts';
import { demoStreamKey } from './clips.ts';
import { FLV_TAG_SCRIPT, FLV_TAG_VIDEO, type FlvTag } from './flv.ts';

const SECRET = 'test-stream-signing-secret';
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
const tokenFor = (clip: string, expires = inSeconds(60), secret = SECRET) =>
  signStreamToken(secret, { stream: demoStreamKey(clip), accountId: 1, expires });

/** The complete tags of a received FLV byte stream (a partial last tag is left out). */
function completeTags(bytes: Buffer): FlvTag[] {
  expect(bytes.toString('latin1', 0, 3)).toBe('FLV');
  const tags: FlvTag[] = [];
  let offset = 13;
  while (offset + 11 <= bytes.length) {
    const size = bytes.readUIntBE(offset + 1, 3);
    const end = offset + 11 + size;
    if (end + 4 > bytes.length) break;
    expect(bytes.readUInt32BE(end)).toBe(11 + size);
    const timestamp = (bytes.readUIntBE(offset + 4, 3) | ((bytes[offset + 7] ?? 0) << 24)) >>> 0;
    tags.push({ type: bytes[offset] ?? 0, timestamp, data: bytes.subarray(offset + 11, end) });
    offset = end + 4;
  }
  return tags;
}

const frameTimestamps = (tags: FlvTag[]) =>
  tags.filter((t) => t.type === FLV_TAG_VIDEO && t.data[1] === 1).map((t) => t.timestamp);

/** Checks a stream received for `elapsedMs`: preamble, a keyframe first, real-time pacing. */
function expectLiveFlv(bytes: Buffer, elapsedMs: number) {
  const tags = completeTags(bytes);
  expect(tags[0]?.type).toBe(FLV_TAG_SCRIPT);
  expect(tags[1]?.type).toBe(FLV_TAG_VIDEO);
  expect(tags[1]?.data[1]).toBe(0); // AVC sequence header
  expect((tags[2]?.data[0] ?? 0) >> 4).toBe(1); // keyframe
  const stamps = frameTimestamps(tags);
  expect(stamps[0]).toBe(0);
  for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBe((stamps[i - 1] ?? 0) + 40);
  const last = stamps[stamps.length - 1] ?? 0;
  // Real time: no more than what was due, and not far behind (loaded CI machines lag a little).
  expect(last).toBeLessThanOrEqual(elapsedMs + 40);
  expect(last).toBeGreaterThanOrEqual(elapsedMs - 500);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function openWs(url: string) {
  const ws = new WebSocket(url);
  ws.binaryType = 'nodebuffer';
  const chunks: Buffer[] = [];
  let opened = 0;
  const open = new Promise<void>((resolve, reject) => {
    ws.on('open', () => {
      opened = performance.now();
      resolve();
    });
    ws.on('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data, isBinary) => {
    expect(isBinary).toBe(true);
    // binaryType 'nodebuffer': every message is one Buffer.
    chunks.push(data as Buffer);
  });
  return { ws, open, closed, bytes: () => Buffer.concat(chunks), since: () => performance.now() - opened };
}

/** The HTTP answer a websocket upgrade got instead of a connection. */
function refusedWs(url: string): Promise<{ status: number; body: Envelope<unknown> }> {
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as Envelope<unknown> }),
      );
    });
  });
}

function openHttp(url: string) {
  return new Promise<{
    res: IncomingMessage;
    bytes: () => Buffer;
    since: () => number;
    ended: Promise<void>;
  }>((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      const started = performance.now();
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({ res, bytes: () => Buffer.concat(chunks), since: () => performance.now() - started, ended });
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(backends)('demo stream source on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let httpBase: string;
  let wsBase: string;
  let closed = false;

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    httpBase = `http://127.0.0.1:${port}`;
    wsBase = `ws://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (!closed) await app?.close();
    await tdb?.drop();
  });

  it('streams WS-FLV in binary messages, paced in real time', async () => {
    const client = openWs(`${wsBase}${VIDEO_API.demoStream('conveyor')}?token=${tokenFor('conveyor')}`);
    await client.open;
    await sleep(1200); // a measuring window for the pacing, not a wait for something to happen
    const elapsed = client.since();
    const bytes = client.bytes();
    client.ws.terminate();
    expect(bytes.toString('latin1', 0, 3)).toBe('FLV');
    expectLiveFlv(bytes, elapsed);
    expect(frameTimestamps(completeTags(bytes)).length).toBeGreaterThanOrEqual(20);
  });

  it('streams HTTP-FLV as video/x-flv, paced in real time', async () => {
    const stream = await openHttp(
      `${httpBase}${VIDEO_API.demoStream('plant-gate')}?token=${tokenFor('plant-gate')}`,
    );
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('video/x-flv');
    await sleep(1200); // a measuring window for the pacing, not a wait for something to happen
    const elapsed = stream.since();
    const bytes = stream.bytes();
    stream.res.destroy();
    expectLiveFlv(bytes, elapsed);
  });

  it('refuses missing, bad, expired and other-clip tokens before upgrading, with 401', async () => {
    const path = VIDEO_API.demoStream('tank-farm');
    const tokens = [
      '',
      'not-a-token',
      tokenFor('tank-farm', inSeconds(-5)),
      tokenFor('conveyor'),
      tokenFor('tank-farm', inSeconds(60), 'another-secret'),
    ];
    for (const token of tokens) {
      const refused = await refusedWs(`${wsBase}${path}?token=${encodeURIComponent(token)}`);
      expect(refused.status).toBe(401);
      expect(refused.body.status).toBe(-401);
      const http = await app.inject({
        method: 'GET',
        url: path,
        query: { token },
        headers: { lang: 'zh-CN' },
      });
      expect(http.statusCode).toBe(401);
      expect(http.json() as Envelope<unknown>).toMatchObject({
        status: -401,
        message: '视频地址已失效，请重新打开视频',
      });
    }
    const none = await app.inject({ method: 'GET', url: path });
    expect(none.statusCode).toBe(401);
  });

  it('answers 404 for an unknown clip or a file that is not .flv', async () => {
    for (const path of [VIDEO_API.demoStream('nowhere'), '/api/v2/video/demo/conveyor.mp4']) {
      const res = await app.inject({ method: 'GET', url: path, query: { token: tokenFor('nowhere') } });
      expect(res.statusCode).toBe(404);
      expect((res.json() as Envelope<unknown>).status).toBe(-404);
    }
    const refused = await refusedWs(
      `${wsBase}${VIDEO_API.demoStream('nowhere')}?token=${tokenFor('nowhere')}`,
    );
    expect(refused.status).toBe(404);
  });

  it('declares the stream route public (the token is the authorization)', () => {
    const route = app.routeAccess.find((r) => r.url === '/api/v2/video/demo/:file' && r.method === 'GET');
    expect(route?.access).toBe('public');
  });

  it('ends open WS-FLV and HTTP-FLV streams when the app closes', async () => {
    const ws = openWs(`${wsBase}${VIDEO_API.demoStream('coke-oven')}?token=${tokenFor('coke-oven')}`);
    await ws.open;
    const http = await openHttp(
      `${httpBase}${VIDEO_API.demoStream('coke-oven')}?token=${tokenFor('coke-oven')}`,
    );
    await expect.poll(() => ws.bytes().length).toBeGreaterThan(0);
    await expect.poll(() => http.bytes().length).toBeGreaterThan(0);
    const started = performance.now();
    closed = true;
    await app.close();
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await ws.closed).toBe(1001);
    await http.ended;
    expect(http.res.complete).toBe(true);
  });
});
