import type { AddressInfo } from 'node:net';
import { ALARM_RULE_API } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { account, accountScene } from '../../db/schema/index.ts';
import { openEventStream, eventPayloads as payloads, type TestEventStream } from '../../test/event-stream.ts';
import { backends, createAccount, login, type TestAccount, useTestApp } from '../../test/helpers.ts';
import { createTestRefs, type TestRefs } from '../alarms/test-support.ts';

const openStream = (base: string, token: string) => openEventStream(base, { token });

const alarm = (id: number, sceneId: number | null, priority = 120002) => ({
  id,
  sceneId,
  priority,
  alarmTime: new Date().toISOString(),
  alarmState: 1,
});

describe.each(backends)('event stream audience and alarm rules on %s', (backend) => {
  const ctx = useTestApp(backend, { heartbeatMs: 60_000, now: () => new Date(Date.now() + offset) });
  let app: FastifyInstance;
  let base: string;
  let refs: TestRefs;
  let limited: TestAccount;
  let limitedToken: string;
  let wide: TestAccount;
  let wideToken: string;
  /** Shifts the app clock (app.appConfig.now) for the digest test. */
  let offset = 0;

  /** Publishes a marker to everyone and waits for it: every earlier event has been handled. */
  let markers = 0;
  const settle = async (...streams: TestEventStream[]) => {
    const marker = `marker-${++markers}`;
    await app.bus.publish({ type: 'test.marker', data: { marker } });
    for (const s of streams) await s.waitFor(marker);
  };

  const putRule = async (token: string, userId: number, rule: object) => {
    const res = await app.inject({
      method: 'PUT',
      url: ALARM_RULE_API.rule,
      headers: { token },
      payload: { userId, type: 1, ...rule },
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    app = ctx.app;
    refs = await createTestRefs(app);
    limited = await createAccount(app, { roles: ['operator'] });
    limitedToken = await login(app, limited);
    await app.db.update(account).set({ allScenes: false }).where(eq(account.id, limited.id));
    await app.db.insert(accountScene).values({ accountId: limited.id, sceneId: refs.sceneA });
    wide = await createAccount(app, { roles: ['operator'] });
    wideToken = await login(app, wide);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  it('a limited account receives alarm events of its scenes only', async () => {
    const mine = await openStream(base, limitedToken);
    const all = await openStream(base, wideToken);
    await mine.waitFor(': connected');
    await all.waitFor(': connected');
    await app.bus.publish({ type: 'alarm.created', data: alarm(1, refs.sceneA) });
    await app.bus.publish({ type: 'alarm.created', data: alarm(2, refs.sceneB) });
    await app.bus.publish({ type: 'alarm.created', data: alarm(3, null) });
    await app.bus.publish({ type: 'alarm.updated', data: alarm(2, refs.sceneB) });
    // an explicit audience scene counts for any event type
    await app.bus.publish({ type: 'camera.status', data: { id: 9 }, audience: { sceneId: refs.sceneB } });
    await app.bus.publish({ type: 'camera.status', data: { id: 8 }, audience: { sceneId: refs.sceneA } });
    await settle(mine, all);
    expect(payloads(mine.text(), 'alarm.created').map((a) => (a as { id: number }).id)).toEqual([1]);
    expect(payloads(mine.text(), 'alarm.updated')).toEqual([]);
    expect(payloads(mine.text(), 'camera.status')).toEqual([{ id: 8 }]);
    expect(payloads(all.text(), 'alarm.created').map((a) => (a as { id: number }).id)).toEqual([1, 2, 3]);
    expect(payloads(all.text(), 'alarm.updated')).toHaveLength(1);
    expect(payloads(all.text(), 'camera.status')).toEqual([{ id: 9 }, { id: 8 }]);
    mine.close();
    all.close();
  });

  it('an event for one account reaches only that account', async () => {
    const mine = await openStream(base, limitedToken);
    const all = await openStream(base, wideToken);
    await mine.waitFor(': connected');
    await all.waitFor(': connected');
    await app.bus.publish({ type: 'export.ready', data: { id: 42 }, audience: { accountId: wide.id } });
    await settle(mine, all);
    expect(payloads(all.text(), 'export.ready')).toEqual([{ id: 42 }]);
    expect(payloads(mine.text(), 'export.ready')).toEqual([]);
    mine.close();
    all.close();
  });

  it('an internal event (cache invalidation between instances) reaches no stream', async () => {
    const all = await openStream(base, wideToken);
    await all.waitFor(': connected');
    await app.bus.publish({ type: 'engine.changed', data: { id: 7 }, internal: true });
    await app.bus.publish({ type: 'export.ready', data: { id: 43 }, audience: { accountId: wide.id } });
    await all.waitFor('export.ready');
    expect(payloads(all.text(), 'engine.changed')).toEqual([]);
    all.close();
  });

  it("the rule's priority filter holds back an alarm; a saved rule applies to the open stream", async () => {
    await putRule(wideToken, wide.id, { priorities: [120004] });
    const s = await openStream(base, wideToken);
    await s.waitFor(': connected');
    await app.bus.publish({ type: 'alarm.created', data: alarm(11, refs.sceneA, 120002) });
    await app.bus.publish({ type: 'alarm.created', data: alarm(12, refs.sceneA, 120004) });
    await settle(s);
    expect(payloads(s.text(), 'alarm.created').map((a) => (a as { id: number }).id)).toEqual([12]);
    // the user widens the rule: the stream reloads it on alarmRule.updated
    await putRule(wideToken, wide.id, { priorities: [] });
    await s.waitFor('event: alarmRule.updated');
    await settle(s);
    await app.bus.publish({ type: 'alarm.created', data: alarm(13, refs.sceneA, 120002) });
    await s.waitFor('"id":13');
    s.close();
  });

  it('a threshold holds back alarms and says how many (alarm.held)', async () => {
    await putRule(wideToken, wide.id, { maxPerHour: 2 });
    // the app clock in the middle of an hour: all five alarms fall in one window
    const real = Date.now();
    offset = Math.floor(real / 3_600_000) * 3_600_000 + 1_800_000 - real;
    const s = await openStream(base, wideToken);
    await s.waitFor(': connected');
    for (const id of [21, 22, 23, 24, 25]) {
      await app.bus.publish({ type: 'alarm.created', data: alarm(id, refs.sceneA) });
    }
    const text = await s.waitFor('event: alarm.held');
    offset = 0;
    expect(payloads(text, 'alarm.created').map((a) => (a as { id: number }).id)).toEqual([21, 22]);
    // the three held back are reported together
    expect(payloads(text, 'alarm.held')).toEqual([{ held: 3 }]);
    s.close();
  });

  it('with a frequency of one minute alarms come as a digest at the end of the minute', async () => {
    await putRule(wideToken, wide.id, { frequency: 'minute' });
    // the app clock is 1.5 s before a whole minute
    const real = Date.now();
    offset = Math.ceil(real / 60_000) * 60_000 - 1500 - real;
    try {
      const s = await openStream(base, wideToken);
      await s.waitFor(': connected');
      await app.bus.publish({ type: 'alarm.created', data: alarm(31, refs.sceneA, 120003) });
      await app.bus.publish({ type: 'alarm.created', data: alarm(32, refs.sceneA, 120004) });
      await settle(s);
      expect(payloads(s.text(), 'alarm.created')).toEqual([]);
      const text = await s.waitFor('event: alarm.digest', 10_000);
      const [digest] = payloads(text, 'alarm.digest') as {
        count: number;
        held: number;
        alarms: { id: number }[];
      }[];
      expect(digest?.count).toBe(2);
      expect(digest?.held).toBe(0);
      expect(digest?.alarms.map((a) => a.id)).toEqual([32, 31]);
      s.close();
    } finally {
      offset = 0;
    }
  });
});
