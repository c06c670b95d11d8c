import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, MENU_TREE } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { menuRows } from '../db/seed.ts';
import {
  backends,
  body,
  buildTestApp,
  createTestDatabase,
  login,
  loginRequest,
  type TestDatabase,
} from '../test/helpers.ts';

describe.each(backends)('platform on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    webDist = mkdtempSync(join(tmpdir(), 'sentinel-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Sentinel SPA</title>');
    writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
    app = await buildTestApp(tdb, { webDist });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('declares access on every registered route', () => {
    expect(app.routeAccess.length).toBeGreaterThan(10);
    for (const route of app.routeAccess) {
      const access = route.access;
      const codes = (list: unknown) =>
        Array.isArray(list) && list.length > 0 && list.every((code) => typeof code === 'string');
      const valid =
        access === 'public' ||
        access === 'user' ||
        ('permission' in access && typeof access.permission === 'string') ||
        ('anyOf' in access && codes(access.anyOf)) ||
        ('allOf' in access && codes(access.allOf));
      expect(valid, `${route.method} ${route.url}`).toBe(true);
    }
    const find = (url: string) => app.routeAccess.find((r) => r.url === url && r.method === 'GET')?.access;
    expect(find('/healthz')).toBe('public');
    expect(find('/api/v2/backend/login/userInfo')).toBe('user');
    expect(find('/api/v2/backend/events')).toBe('user');
  });

  it('answers healthz with the database state', async () => {
    const res = await app.inject({ url: API.health });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 0, message: 'OK', data: { db: 'ok', bus: 'memory' } });
  });

  it('answers a JSON 404 envelope under /api and the SPA elsewhere', async () => {
    const api = await app.inject({ url: '/api/v2/backend/nothing-here', headers: { lang: 'zh-CN' } });
    expect(api.statusCode).toBe(404);
    expect(body(api)).toEqual({ status: -404, message: '未找到', data: null });
    const post = await app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
    const spa = await app.inject({ url: '/dashboard' });
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['content-type']).toContain('text/html');
    expect(spa.body).toContain('Sentinel SPA');
    const root = await app.inject({ url: '/' });
    expect(root.body).toContain('Sentinel SPA');
    const asset = await app.inject({ url: '/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
  });

  it('answers 413 for an oversized body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ status: -413, message: 'Too large', data: null });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v2/backend/login', '/healthz']));
    expect((await app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('seeds the visible menus of the contract tree in order', async () => {
    const rows = menuRows(MENU_TREE);
    expect(rows.find((r) => r.code === 'temporaryJobManage')).toMatchObject({ id: 134001, parentId: 110 });
    expect(rows.some((r) => r.code === 'taskDetails')).toBe(false);
    expect(rows.map((r) => r.sort)).toEqual(rows.map((_, i) => i + 1));
  });
});

describe.each(backends)('restart on %s', (backend) => {
  it('seeds accounts only once: a second start keeps them and prints nothing new', async () => {
    const tdb = await createTestDatabase(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-data-'));
    const onDisk = backend === 'pglite' ? { pglite: undefined, dataDir } : {};
    try {
      const first = await buildTestApp(tdb, onDisk);
      const admin = first.seedResult.initialPasswords.admin as string;
      expect(admin).toBeTruthy();
      await first.close();
      const second = await buildTestApp(tdb, onDisk);
      try {
        expect(second.seedResult.initialPasswords).toEqual({});
        expect((await loginRequest(second, 'admin', admin)).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await tdb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('app building', () => {
  it('refuses a route that declares no access', async () => {
    const tdb = await createTestDatabase('pglite');
    await expect(
      buildTestApp(tdb, {}, { beforeReady: (app) => void app.get('/api/v2/backend/oops', async () => 'x') }),
    ).rejects.toThrow(/declares no access/);
  });

  it('applies the general request limit with a 429 envelope', async () => {
    const tdb = await createTestDatabase('pglite');
    const app = await buildTestApp(tdb, { generalRateLimit: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await app.inject({ url: API.application })).statusCode).toBe(200);
      const limited = await app.inject({ url: API.application, headers: { lang: 'zh-CN' } });
      expect(limited.statusCode).toBe(429);
      expect(body(limited)).toEqual({ status: -429, message: '请求过于频繁', data: null });
    } finally {
      await app.close();
    }
  });

  it('refuses the test captcha in production and parses the environment', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SENTINEL_TEST_CAPTCHA: 'abcd' })).toThrow(/test-only/);
    const config = loadConfig({ PORT: '9090', SESSION_IDLE_MINUTES: '5', REDIS_URL: '' });
    expect(config.port).toBe(9090);
    expect(config.sessionIdleMs).toBe(300_000);
    expect(config.redisUrl).toBeUndefined();
    expect(config.testCaptcha).toBeUndefined();
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Invalid configuration/);
  });

  it('seeds admin and operator once with working random initial passwords', async () => {
    const tdb = await createTestDatabase('pglite');
    const app = await buildTestApp(tdb);
    try {
      const { admin, operator } = app.seedResult.initialPasswords;
      expect(admin).toMatch(/^.{20}$/);
      expect(operator).toMatch(/^.{20}$/);
      expect(admin).not.toBe(operator);
      const res = await loginRequest(app, 'admin', admin as string);
      expect(body<{ mustChangePassword: boolean }>(res).data.mustChangePassword).toBe(true);
      const token = await login(app, { name: 'operator', password: operator as string });
      const info = await app.inject({ url: API.userInfo, headers: { token } });
      expect(body<{ roles: string[] }>(info).data.roles).toEqual(['operator']);
    } finally {
      await app.close();
    }
  });

  it('lets an in-flight request finish when the app closes', async () => {
    const tdb = await createTestDatabase('pglite');
    // The handler says when it runs, then waits until the test lets it answer.
    let reached: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = await buildTestApp(
      tdb,
      {},
      {
        beforeReady: (a) => {
          a.get('/api/v2/backend/test/slow', { config: { access: 'public' } }, async () => {
            reached();
            await released;
            return { status: 0, message: 'OK', data: 'done' };
          });
        },
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const pending = fetch(`http://127.0.0.1:${address.port}/api/v2/backend/test/slow`);
    await inHandler;
    const closing = app.close();
    // The server stops listening while the request is still in flight; only then does it answer.
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: string }).data).toBe('done');
    await closing;
  });
});
