import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createTestDatabase, login } from '../test/helpers.ts';
import { mediaOrigins, originOf } from './security-headers.ts';

const expectBrowserHeaders = (headers: Record<string, unknown>, what: string) => {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toMatch(/script-src 'self'(;|$)/);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
};

describe('browser security headers', () => {
  let app: FastifyInstance;
  let token: string;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sentinel-headers-'));
    const webDist = join(dir, 'dist');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
    mkdirSync(join(dir, 'data', 'media', 'logo'), { recursive: true });
    writeFileSync(join(dir, 'data', 'media', 'logo', 'a.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    app = await buildTestApp(await createTestDatabase('pglite'), {
      webDist,
      dataDir: join(dir, 'data'),
      trustProxy: true,
      mediaStreamTemplate: 'ws://media.plant.local:80/live/{stream}.live.flv?token={token}',
    });
    token = await login(app, await createAccount(app, { roles: ['admin'] }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the policy on the app, its assets, API answers, errors and media', async () => {
    for (const [url, headers] of [
      ['/', {}],
      ['/dashboard', {}],
      ['/assets/app.js', {}],
      ['/healthz', {}],
      [API.userInfo, { token }],
      [API.userInfo, {}],
      ['/api/v2/backend/nothing-here', {}],
      ['/api/docs', {}],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBeLessThan(500);
      expectBrowserHeaders(res.headers, url);
    }
    const media = await app.inject({
      method: 'GET',
      url: '/api/v2/backend/media/logo/a.png',
      headers: { token },
    });
    expect(media.headers['x-content-type-options']).toBe('nosniff');
    expect(media.headers['content-security-policy']).toBeDefined();
  });

  it('keeps them on answers a route writes itself (the event stream)', async () => {
    const controller = new AbortController();
    const res = await app.inject({
      method: 'GET',
      url: '/api/v2/backend/events',
      headers: { token },
      payloadAsStream: true,
      signal: controller.signal,
    });
    res.stream().on('error', () => undefined);
    controller.abort();
    expect(res.headers['content-type']).toContain('text/event-stream');
    expectBrowserHeaders(res.headers, 'events');
  });

  it('lets the app reach the configured media server and nothing else cross-origin', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' ws://media.plant.local http://media.plant.local");
    expect(csp).toContain("media-src 'self' blob: ws://media.plant.local http://media.plant.local");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
  });

  it('sends HSTS only on answers to requests that came over TLS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('reads media origins from templates with placeholders', () => {
    expect(originOf('http://media:8888/{stream}/index.m3u8?token={token}')).toBe('http://media:8888');
    expect(originOf(undefined)).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
    expect(mediaOrigins(['wss://m.example:443/live/{stream}.flv', undefined])).toEqual([
      'wss://m.example',
      'https://m.example',
    ]);
  });
});
