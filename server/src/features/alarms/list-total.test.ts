import type { AlarmListQuery, AlarmListResult, Envelope, RetentionSettings } from '@sentinel/contract';
import { SCOPE_API } from '@sentinel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRollup } from '../../db/schema/index.ts';
import { DAY_MS } from '../../platform/day-split.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import {
  backends,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';
import { twoInstancesAvailable, useTwoInstances } from '../../test/two-instances.ts';
import { runDataRetention } from '../scope/index.ts';
import { countAlarmsKept, LIST_TOTAL } from './list-total.ts';
import { rollupDay } from './rollup.ts';
import { bumpDayCounters, createTestRefs, insertTestAlarm, placesOf, type TestRefs } from './test-support.ts';
import { countAlarms } from './total-repo.ts';

// The list's total sums the past UTC days' totals kept in app.dayPartials and today's counters
// (list-total.ts): it must always be the single statement's sum (countAlarms, the cold path), and
// every alarm change must show in the next total.
const P = '/api/v2/backend/videoAlarmRecord';
const H = 3_600_000;
// Noon of the current UTC day: the test never crosses a midnight of the app's clock.
const NOW = Math.floor(Date.now() / DAY_MS) * DAY_MS + 12 * H;
const TODAY = NOW - 12 * H;
const dayStart = (daysAgo: number) => TODAY - daysAgo * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString();
/** A time range of whole UTC days, as the list sends it (end at 23:59:59). */
const wholeDays = (fromAgo: number, toAgo: number) => ({
  startTime: iso(dayStart(fromAgo)),
  endTime: iso(dayStart(toAgo) + DAY_MS - 1000),
});

async function listTotal(app: FastifyInstance, token: string, filters: object = {}): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: `${P}/list`,
    headers: { token, lang: 'en' },
    payload: { page: 1, limit: 10, ...filters },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Envelope<AlarmListResult>).data.count;
}

const coldTotal = async (app: FastifyInstance, filters: object = {}, scenes: VisibleScenes = 'all') =>
  (await countAlarms(app.db, { page: 1, limit: 1, ...filters } as AlarmListQuery, scenes)).count;

/** Alarms on days long past (a year, a month), the last days, today and tomorrow (a skewed clock). */
async function seedHistory(app: FastifyInstance, r: TestRefs) {
  const { a, b } = placesOf(r);
  const rows = [
    { ...a, alarmTime: new Date(dayStart(400) + 3 * H), alarmState: 2, priority: 120001 },
    { ...b, alarmTime: new Date(dayStart(400) + 23 * H), alarmState: 1, priority: 120003 },
    { ...a, alarmTime: new Date(dayStart(30) + 1), alarmState: 1, priority: 120002 },
    { ...b, alarmTime: new Date(dayStart(30) + 5 * H), alarmState: 3, priority: 120002, falsePositive: true },
    { ...a, alarmTime: new Date(dayStart(3) + 8 * H), alarmState: 4, priority: 120004 },
    { ...a, alarmTime: new Date(dayStart(2) + 8 * H), alarmState: 1, priority: 120001 },
    { ...b, alarmTime: new Date(dayStart(1) + DAY_MS - 1), alarmState: 2, priority: 120003 },
    { sceneId: null, alarmTime: new Date(dayStart(1) + 9 * H), alarmState: 1, priority: 120002 },
    { ...a, alarmTime: new Date(TODAY + 2 * H), alarmState: 1, priority: 120001 },
    { ...b, alarmTime: new Date(TODAY + DAY_MS + H), alarmState: 1, priority: 120002 },
  ];
  const inserted = [];
  for (const row of rows) inserted.push(await insertTestAlarm(app, row));
  return inserted;
}

describe.each(backends)('the alarm list total from kept days on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let admin: string;
  let r: TestRefs;
  let old: Awaited<ReturnType<typeof seedHistory>>;

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb, { now: () => new Date(NOW) });
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    r = await createTestRefs(app);
    old = await seedHistory(app, r);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  const kept = () => ({ partials: app.dayPartials, now: NOW });
  const filterSets = () => [
    {},
    { status: 'untreated' },
    { status: 'processed' },
    { alarmState: 4 },
    { priority: 120002 },
    { algorithmId: r.algoA },
    { factoryId: r.factoryB },
    { areaId: r.areaA },
    { sceneId: r.sceneB },
    { cameraId: r.cameraA },
    { falsePositive: true },
    { status: 'untreated', sceneId: r.sceneA, priority: 120001 },
  ];
  const ranges = [
    {},
    wholeDays(30, 1),
    wholeDays(500, 0),
    wholeDays(3, -1),
    wholeDays(2, 2),
    wholeDays(0, 0),
    wholeDays(1, 3),
  ];

  it('equals the single statement for every filter, scene set and range, cold and kept', async () => {
    const sceneSets = (): VisibleScenes[] => ['all', [r.sceneA], [r.sceneA, r.sceneB], []];
    for (const scenes of sceneSets()) {
      for (const filters of filterSets()) {
        for (const range of ranges) {
          const query = { page: 1, limit: 1, ...filters, ...range } as AlarmListQuery;
          const cold = await coldTotal(app, { ...filters, ...range }, scenes);
          // First ask (days loaded, the run marked), second (the run's sum kept), third (from it).
          for (let i = 0; i < 3; i++) {
            const total = await countAlarmsKept(app.db, query, scenes, kept());
            expect(total, JSON.stringify([scenes, filters, range, i])).toEqual({
              count: cold,
              countCapped: false,
            });
          }
        }
      }
    }
    expect(await coldTotal(app)).toBe(old.length);
    // The closed days are kept: a counter changed behind the cache's back (no alarm event) does not
    // show in the kept total, only in the cold one.
    await app.db
      .update(alarmRollup)
      .set({ count: sql`${alarmRollup.count} + 5` })
      .where(and(eq(alarmRollup.day, rollupDay(new Date(dayStart(30)))), eq(alarmRollup.sceneId, r.sceneA)));
    const all = { page: 1, limit: 1 } as AlarmListQuery;
    expect((await countAlarmsKept(app.db, all, 'all', kept())).count).toBe(old.length);
    expect(await coldTotal(app)).toBe(old.length + 5);
    // The day's alarm event drops it: the next total is the cold one again.
    app.dayPartials.dropTime(dayStart(30) + 12 * H);
    expect((await countAlarmsKept(app.db, all, 'all', kept())).count).toBe(old.length + 5);
    await app.db
      .update(alarmRollup)
      .set({ count: sql`${alarmRollup.count} - 5` })
      .where(and(eq(alarmRollup.day, rollupDay(new Date(dayStart(30)))), eq(alarmRollup.sceneId, r.sceneA)));
    app.dayPartials.dropTime(dayStart(30));
  });

  it('shows a new alarm today, a late alarm of a past day and a handled old alarm in the next total', async () => {
    const untreated = { status: 'untreated' };
    const lastMonth = wholeDays(30, 1);
    const expectAll = async () => {
      for (const filters of [
        {},
        untreated,
        { status: 'processed' },
        lastMonth,
        { ...untreated, ...lastMonth },
      ])
        expect(await listTotal(app, admin, filters), JSON.stringify(filters)).toBe(
          await coldTotal(app, filters),
        );
    };
    await expectAll();
    await expectAll();
    expect(app.dayPartials.size).toBeGreaterThan(0);
    const before = await listTotal(app, admin);
    const beforeUntreated = await listTotal(app, admin, untreated);

    await insertTestAlarm(app, { sceneId: r.sceneA, alarmTime: new Date(NOW - H), alarmState: 1 });
    expect(await listTotal(app, admin)).toBe(before + 1);
    // Late: an alarm of a closed day (its day kept) arrives now.
    await insertTestAlarm(app, {
      sceneId: r.sceneB,
      alarmTime: new Date(dayStart(30) + 7 * H),
      alarmState: 1,
    });
    expect(await listTotal(app, admin)).toBe(before + 2);
    expect(await listTotal(app, admin, untreated)).toBe(beforeUntreated + 2);
    expect(await listTotal(app, admin, { ...untreated, ...lastMonth })).toBe(
      await coldTotal(app, { ...untreated, ...lastMonth }),
    );
    // Handling an alarm of 400 days ago moves its count from untreated to processed.
    const untreatedOld = old[1];
    if (!untreatedOld) throw new Error('no old alarm');
    const res = await app.inject({
      method: 'POST',
      url: `${P}/deal`,
      headers: { token: admin, lang: 'en' },
      payload: { id: untreatedOld.id, comment: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listTotal(app, admin, untreated)).toBe(beforeUntreated + 1);
    expect(await listTotal(app, admin)).toBe(before + 2);
    await expectAll();
  });

  it('keeps the total and its kept days through a retention run that deletes old alarms (the counters stay)', async () => {
    await listTotal(app, admin);
    await listTotal(app, admin);
    const kept = app.dayPartials.sizeOf(LIST_TOTAL);
    expect(kept).toBeGreaterThan(0);
    const before = await coldTotal(app);
    const headers = { token: admin, lang: 'en' };
    const settings = await app.inject({ method: 'GET', url: SCOPE_API.retention, headers });
    expect(settings.statusCode, settings.body).toBe(200);
    const stored: RetentionSettings = settings.json().data;
    const put = await app.inject({
      method: 'PUT',
      url: SCOPE_API.retention,
      headers,
      payload: { ...stored, alarms: 7, alarmImages: 7, alarmClips: 7 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await runDataRetention(app)).alarms).toBeGreaterThan(0);
    // The kind reads the counters alone, which retention leaves: its days stay.
    expect(app.dayPartials.sizeOf(LIST_TOTAL)).toBe(kept);
    expect(await coldTotal(app)).toBe(before);
    // Answered from them: a counter of a closed day changed behind the cache's back (no alarm
    // event) shows in the cold total, not in the list's (whose cached answer retention cleared).
    const bumped = await bumpDayCounters(app, dayStart(30), r.sceneA, 5);
    try {
      expect(bumped).toBeGreaterThan(0);
      expect(await coldTotal(app)).toBe(before + bumped);
      expect(await listTotal(app, admin)).toBe(before);
    } finally {
      await bumpDayCounters(app, dayStart(30), r.sceneA, -5);
    }
  });
});

describe.runIf(twoInstancesAvailable)('the alarm list total from kept days on two instances', () => {
  // A result cache far longer than the test: only the bus can refresh instance two's totals.
  const w = useTwoInstances({ alarmCountCacheMs: 600_000 }, { now: () => new Date(NOW) });

  it("an old alarm handled or arriving late on one instance shows in the other's next total", async () => {
    const r = await createTestRefs(w.one);
    const alarm = await insertTestAlarm(w.one, {
      sceneId: r.sceneA,
      alarmTime: new Date(dayStart(20) + H),
      alarmState: 1,
    });
    await insertTestAlarm(w.one, { sceneId: r.sceneA, alarmTime: new Date(dayStart(5) + H), alarmState: 1 });
    const untreated = { status: 'untreated' };
    // Asked twice: the run of closed days is kept on instance two.
    expect(await listTotal(w.two, w.adminTwo, untreated)).toBe(2);
    expect(await listTotal(w.two, w.adminTwo, untreated)).toBe(2);
    expect(w.two.dayPartials.size).toBeGreaterThan(0);

    const res = await w.one.inject({
      method: 'POST',
      url: `${P}/deal`,
      headers: { token: w.adminOne, lang: 'en' },
      payload: { id: alarm.id, comment: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => listTotal(w.two, w.adminTwo, untreated), { timeout: 5_000 }).toBe(1);

    // A late alarm of a kept day, published as the ingest publishes it (alarm.created).
    const late = await insertTestAlarm(w.one, {
      sceneId: r.sceneA,
      alarmTime: new Date(dayStart(20) + 2 * H),
      alarmState: 1,
    });
    await w.one.bus.publish({
      type: 'alarm.created',
      data: { id: late.id, alarmTime: late.alarmTime.toISOString() },
      audience: { sceneId: r.sceneA },
    });
    await expect.poll(() => listTotal(w.two, w.adminTwo, untreated), { timeout: 5_000 }).toBe(2);
    expect(await listTotal(w.two, w.adminTwo)).toBe(await coldTotal(w.two));
  });
});
