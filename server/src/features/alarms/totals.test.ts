import type { AlarmListResult, Envelope } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers.ts';
import { twoInstancesAvailable, useTwoInstances } from '../../test/two-instances.ts';
import { type AlarmsHarness, alarmsHarness, createTestRefs, insertTestAlarm } from './test-support.ts';

// The list's totals are kept a few seconds per instance (features/alarms/totals.ts); every alarm
// change must still show in them at once, on the instance that made it and on the others.
const P = '/api/v2/backend/videoAlarmRecord';
const UNTREATED = { page: 1, limit: 10, status: 'untreated' };

async function totals(app: FastifyInstance, token: string) {
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { token, lang: 'en' }, payload });
    expect(res.statusCode).toBe(200);
    return (res.json() as Envelope<T>).data;
  };
  const [untreated, all, awaiting] = await Promise.all([
    call<AlarmListResult>('POST', `${P}/list`, UNTREATED),
    call<AlarmListResult>('POST', `${P}/list`, { page: 1, limit: 10 }),
    call<number>('GET', `${P}/approve/count`),
  ]);
  return { untreated: untreated.count, all: all.count, awaiting };
}

describe.each(backends)('alarm list totals on %s', (backend) => {
  let h: AlarmsHarness;

  beforeAll(async () => {
    h = await alarmsHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('follow a new alarm and every state change at once, within the cache time', async () => {
    const r = await createTestRefs(h.app);
    const ref = { sceneId: r.sceneA, cameraId: r.cameraA, algorithmId: r.algoA };
    const first = await insertTestAlarm(h.app, { ...ref, alarmState: 1 });
    expect(await totals(h.app, h.admin)).toEqual({ untreated: 1, all: 1, awaiting: 0 });

    await insertTestAlarm(h.app, { ...ref, alarmState: 1 });
    expect(await totals(h.app, h.admin)).toEqual({ untreated: 2, all: 2, awaiting: 0 });

    const deal = await h.call('POST', `${P}/deal`, { id: first.id, comment: '' });
    expect(deal.statusCode).toBe(200);
    expect(await totals(h.app, h.admin)).toEqual({ untreated: 1, all: 2, awaiting: 0 });
  });
});

describe.runIf(twoInstancesAvailable)('alarm list totals on two instances (PostgreSQL + Redis)', () => {
  // A cache time far longer than the test: only the bus can refresh instance two's totals.
  const w = useTwoInstances({ alarmCountCacheMs: 600_000 });

  it("a state change on one instance shows in the other's totals when its event arrives", async () => {
    const r = await createTestRefs(w.one);
    const alarm = await insertTestAlarm(w.one, { sceneId: r.sceneA, alarmState: 1 });
    expect((await totals(w.two, w.adminTwo)).untreated).toBe(1);

    const res = await w.one.inject({
      method: 'POST',
      url: `${P}/deal`,
      headers: { token: w.adminOne, lang: 'en' },
      payload: { id: alarm.id, comment: '' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await totals(w.two, w.adminTwo)).untreated, { timeout: 5_000 }).toBe(0);
  });
});
