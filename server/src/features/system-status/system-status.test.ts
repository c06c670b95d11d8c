import { PGlite } from '@electric-sql/pglite';
import { type Envelope, SYSTEM_STATUS_API, type SystemStatusResponse } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverInstance } from '../../db/schema/index.ts';
import {
  backends,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';

describe.each(backends)('system status on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb);
    token = await login(app, await createAccount(app, { roles: ['admin'] }));
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  const statusOf = () => status();
  const status = async (on = app, t = token) => {
    const res = await on.inject({
      method: 'GET',
      url: SYSTEM_STATUS_API.status,
      headers: { token: t, lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as Envelope<SystemStatusResponse>).data;
  };

  it("answers this instance's real figures, and uptime grows", async () => {
    const first = (await status()).list.find((i) => i.self);
    expect(first).toBeDefined();
    expect(first?.pid).toBe(process.pid);
    expect(first?.stale).toBe(false);
    expect(first?.status.memory.rss).toBeGreaterThan(0);
    expect(first?.status.memory.heapUsed).toBeGreaterThan(0);
    expect(first?.status.database.kind).toBe(backend);
    expect(first?.status.database.version).toMatch(/^\d+/);
    expect(first?.status.versions.node).toBe(process.version);
    expect(first?.status.versions.app).toMatch(/^\d+\.\d+/);
    expect(first?.status.mediaDisk.totalBytes).toBeGreaterThan(0);
    if (backend === 'postgres') {
      expect(first?.status.database.sizeBytes).toBeGreaterThan(0);
      expect(first?.status.database.connections).toBeGreaterThan(0);
    }
    const startedAt = Date.parse(first?.startedAt ?? '');
    // poll until a second has passed on the clock, then the uptime has grown
    while (Date.now() - startedAt < (first?.status.uptimeSeconds ?? 0) * 1000 + 1100) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const again = (await status()).list.find((i) => i.self);
    expect(again?.status.uptimeSeconds).toBeGreaterThan(first?.status.uptimeSeconds ?? 0);
  });

  it('keeps the last server errors (5xx) of this instance', async () => {
    const failing = await buildTestApp(
      backend === 'postgres' ? tdb : { kind: 'pglite', drop: async () => undefined },
      {},
      {
        beforeReady: (a) => {
          a.get('/api/v2/backend/test/fails', { config: { access: 'public' } }, async () => {
            throw new Error('boom-marker');
          });
        },
      },
    );
    try {
      const admin = await login(failing, await createAccount(failing, { roles: ['admin'] }));
      const res = await failing.inject({ method: 'GET', url: '/api/v2/backend/test/fails' });
      expect(res.statusCode).toBe(500);
      const self = (await status(failing, admin)).list.find((i) => i.self);
      expect(self?.status.lastErrors[0]).toMatchObject({
        message: 'boom-marker',
        url: 'GET /api/v2/backend/test/fails',
      });
    } finally {
      await failing.close();
    }
  });

  it('two instances on the same database: two rows', async () => {
    const shared = backend === 'postgres' ? {} : { pglite: new PGlite() };
    const one = await buildTestApp(tdb, shared);
    const two = await buildTestApp(tdb, shared);
    try {
      const admin = await login(one, await createAccount(one, { roles: ['admin'] }));
      const list = (await status(one, admin)).list;
      expect(list.filter((i) => i.pid === process.pid).length).toBeGreaterThanOrEqual(2);
      expect(list.filter((i) => i.self)).toHaveLength(1);
      expect(new Set(list.map((i) => i.id)).size).toBe(list.length);
      // a clean shutdown removes its row (PostgreSQL: a shared PGlite closes with either app)
      if (backend === 'postgres') {
        await two.close();
        expect((await status(one, admin)).list).toHaveLength(list.length - 1);
      }
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('marks rows not refreshed for 3 intervals stale and removes those gone a day', async () => {
    const now = Date.now();
    const status = (await (async () => (await statusOf()).list.find((i) => i.self)?.status)()) ?? {};
    await app.db.insert(serverInstance).values([
      {
        id: 'quiet-1',
        hostname: 'quiet',
        pid: 1,
        startedAt: new Date(now - 3_600_000),
        lastSeenAt: new Date(now - 60_000),
        status,
      },
      {
        id: 'gone-2',
        hostname: 'gone',
        pid: 2,
        startedAt: new Date(now - 3 * 86_400_000),
        lastSeenAt: new Date(now - 2 * 86_400_000),
        status,
      },
    ]);
    const list = (await statusOf()).list;
    expect(list.find((i) => i.id === 'quiet-1')?.stale).toBe(true);
    expect(list.find((i) => i.self)?.stale).toBe(false);
    expect(list.find((i) => i.id === 'gone-2')).toBeUndefined();
    await app.db.delete(serverInstance).where(eq(serverInstance.id, 'quiet-1'));
  });

  it('needs the permission', async () => {
    const res = await app.inject({ method: 'GET', url: SYSTEM_STATUS_API.status });
    expect(res.statusCode).toBe(401);
  });
});
