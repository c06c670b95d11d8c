import type { AddressInfo } from 'node:net';
import { API } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.ts';
import {
  backends,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const openStream = (base: string, path: string, headers: Record<string, string> = {}) =>
  openEventStream(base, { path, headers });

describe.each(backends)('event stream on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let token: string;

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb, { heartbeatMs: 100 });
    token = await login(app, await createAccount(app));
    base = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  it('streams published events to a subscriber authenticated by header', async () => {
    const stream = await openStream(base, API.events, { token });
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toContain('text/event-stream');
    await stream.waitFor(': connected');
    await app.bus.publish({ type: 'alarm.created', data: { id: 7, sceneName: '一号场景' } });
    const text = await stream.waitFor('event: alarm.created');
    expect(text).toContain('event: alarm.created\ndata: {"id":7,"sceneName":"一号场景"}\n\n');
    await stream.waitFor(': heartbeat');
    stream.close();
  });

  it('accepts the token as ?token= (EventSource) and refuses a missing or bad one', async () => {
    const viaQuery = await openStream(base, `${API.events}?token=${encodeURIComponent(token)}`);
    expect(viaQuery.res.statusCode).toBe(200);
    viaQuery.close();
    const missing = await app.inject({ url: API.events });
    expect(missing.statusCode).toBe(401);
    const bad = await app.inject({ url: `${API.events}?token=forged` });
    expect(bad.statusCode).toBe(401);
    // Other routes do not take the token from the query string.
    const other = await app.inject({ url: `${API.userInfo}?token=${encodeURIComponent(token)}` });
    expect(other.statusCode).toBe(401);
  });
});

describe.each(backends)('event stream and session changes on %s', (backend) => {
  it('ends the stream of a session that logs out or whose account changes, and no other', async () => {
    const tdb = await createTestDatabase(backend);
    const app = await buildTestApp(tdb);
    try {
      const who = await createAccount(app);
      const first = await login(app, who);
      const second = await login(app, who);
      const other = await login(app, await createAccount(app));
      const base = await listen(app);
      const [a, b, c] = await Promise.all([
        openStream(base, API.events, { token: first }),
        openStream(base, API.events, { token: second }),
        openStream(base, API.events, { token: other }),
      ]);
      await Promise.all([a, b, c].map((s) => s.waitFor(': connected')));

      const out = await app.inject({ method: 'POST', url: API.logout, headers: { token: first } });
      expect(out.statusCode).toBe(200);
      await a.ended;
      // The account's other session and another account's stream go on.
      await app.bus.publish({ type: 'alarm.created', data: { id: 1 } });
      await b.waitFor('event: alarm.created');
      await c.waitFor('event: alarm.created');

      // A lock, role or scene change of the account (dropAccount) ends its remaining streams.
      app.sessionCache.dropAccount(who.id);
      await b.ended;
      await app.bus.publish({ type: 'alarm.created', data: { id: 2 } });
      await c.waitFor('"id":2');
      // A grant change that may touch anyone (clear) ends every stream.
      app.sessionCache.clear();
      await c.ended;
    } finally {
      await app.close();
      await tdb.drop();
    }
  }, 90_000);
});

describe('event stream shutdown', () => {
  it('ends open streams when the app closes', async () => {
    const tdb = await createTestDatabase('pglite');
    const app = await buildTestApp(tdb);
    const token = await login(app, await createAccount(app));
    const base = await listen(app);
    const stream = await openStream(base, API.events, { token });
    await stream.waitFor(': connected');
    await app.close();
    await stream.ended;
    expect(stream.res.complete).toBe(true);
    // building a fresh app (migrations on PGlite) inside the test is slow on a busy machine
  }, 90_000);
});

describe.runIf(process.env.TEST_REDIS_URL)('event bus through Redis', () => {
  it('delivers an event published on one instance to a stream on another', async () => {
    const redisUrl = process.env.TEST_REDIS_URL as string;
    const tdb = await createTestDatabase(backends.includes('postgres') ? 'postgres' : 'pglite');
    const one = await buildTestApp(tdb, { redisUrl });
    const two = await buildTestApp(tdb, { redisUrl });
    try {
      expect(one.bus.kind).toBe('redis');
      const token = await login(two, await createAccount(two));
      const base = await listen(two);
      const stream = await openStream(base, API.events, { token });
      await stream.waitFor(': connected');
      const received: unknown[] = [];
      const unsubscribe = two.bus.subscribe((event) => received.push(event));
      await one.bus.publish({ type: 'export.ready', data: { id: 42 } });
      await stream.waitFor('event: export.ready\ndata: {"id":42}');
      expect(received).toHaveLength(1);
      unsubscribe();
      stream.close();
    } finally {
      await one.close();
      await two.close();
      await tdb.drop();
    }
  });
});
