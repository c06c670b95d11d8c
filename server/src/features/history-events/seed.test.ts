import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type DcsAlarmItem, type EventListResult, HISTORY_API } from '@sentinel/contract';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dcsAlarm, eventRecord, historyAssignment } from '../../db/schema/index.ts';
import { mediaRoot } from '../../platform/media.ts';
import { backends } from '../../test/helpers.ts';
import { DCS_DEAL_ACTION } from './repo.ts';
import { DEMO_DCS_ALARMS, DEMO_EVENT_DAYS, DEMO_EVENTS_PER_DAY, seedHistoryEvents } from './seed.ts';
import { startHistorySimulator } from './simulator.ts';
import { type HistoryHarness, historyHarness } from './test-support.ts';

describe.each(backends)('demo events and DCS alarms on %s', (backend) => {
  let h: HistoryHarness;
  const now = new Date('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    h = await historyHarness(backend);
    await h.app.db
      .update(historyAssignment)
      .set({ startTime: new Date('2026-11-20T01:00:00Z'), endTime: new Date('2026-11-20T03:00:00Z') })
      .where(eq(historyAssignment.id, h.refs.jobId));
    await seedHistoryEvents(h.app.db, { mediaDir: mediaRoot(h.app) }, now);
  });
  afterAll(async () => h?.close());

  it('seeds ~30 days of events with a picture per camera, and the start and end of job runs', async () => {
    const rows = await h.app.db.select().from(eventRecord);
    expect(rows.length).toBe(DEMO_EVENT_DAYS * DEMO_EVENTS_PER_DAY + 2);
    const times = rows.map((r) => r.eventTime.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...times)).toBeGreaterThan(now.getTime() - 31 * 86_400_000);
    expect(new Set(rows.map((r) => r.sceneId))).toEqual(new Set([h.refs.sceneA, h.refs.sceneB]));
    for (const path of new Set(rows.map((r) => r.eventImg))) {
      expect(existsSync(join(mediaRoot(h.app), path))).toBe(true);
    }
    const job = rows.filter((r) => r.historyAssignmentId === h.refs.jobId).map((r) => r.eventName);
    expect(job.sort()).toEqual(['作业开始', '作业结束'].sort());
    // Listed through the API with image URLs that load.
    const res = await h.call<EventListResult>('POST', HISTORY_API.eventList, { page: 1, limit: 10 });
    expect(res.body.data.count).toBe(rows.length);
    const first = res.body.data.list[0];
    const image = await h.app.inject({
      method: 'GET',
      url: first?.eventImg ?? '',
      headers: { token: h.tokens.admin },
    });
    expect(image.statusCode).toBe(200);
  });

  it('seeds DCS alarms on the DCS points, older ones processed (handler, time, comment) with their audit row', async () => {
    const rows = await h.app.db.select().from(dcsAlarm);
    expect(rows).toHaveLength(DEMO_DCS_ALARMS);
    expect(new Set(rows.map((r) => r.tag))).toEqual(new Set(['TI-A.PV', 'PI-B.PV']));
    for (const r of rows) {
      const outside =
        (r.highLimit !== null && (r.value ?? 0) > r.highLimit) ||
        (r.lowLimit !== null && (r.value ?? 0) < r.lowLimit);
      expect(outside, `${r.tag} ${r.value}`).toBe(true);
    }
    // A point's alarms belong to its area's scene.
    expect(rows.filter((r) => r.tag === 'TI-A.PV').every((r) => r.sceneId === h.refs.sceneA)).toBe(true);
    const processed = rows.filter((r) => r.alarmState === 2);
    expect(processed.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.alarmState === 1)).toBe(true);
    for (const r of processed) {
      expect(r.handler, `${r.id}`).not.toBe('');
      expect(r.version).toBe(1);
      expect(r.handleTime?.getTime() ?? 0).toBeGreaterThanOrEqual(r.alarmTime.getTime());
      expect(r.handleTime?.getTime() ?? 0).toBeLessThanOrEqual(now.getTime());
    }
    // Most carry a comment (one in four was processed without one).
    expect(processed.filter((r) => r.stateComments !== '').length).toBeGreaterThan(processed.length / 2);
    for (const r of rows.filter((row) => row.alarmState === 1)) {
      expect([r.handler, r.handleTime, r.handlerId, r.version]).toEqual(['', null, null, 0]);
    }
    const audits = await h.app.db.select().from(auditLog).where(eq(auditLog.action, DCS_DEAL_ACTION));
    expect(audits).toHaveLength(processed.length);
    // The detail shows the row's handling.
    const first = processed.find((r) => r.stateComments !== '');
    const detail = await h.call<DcsAlarmItem>('GET', HISTORY_API.dcsDetail(first?.id ?? 0));
    expect(detail.body.data).toMatchObject({
      handler: first?.handler,
      stateComments: first?.stateComments,
      handleTime: first?.handleTime?.toISOString(),
    });
  });

  it('the demo simulator reports an event (and a DCS alarm) through the ingest service', async () => {
    const simulator = startHistorySimulator(h.app, 3600);
    await simulator.tick();
    await simulator.stop();
    const simulated = await h.app.db.select().from(eventRecord).where(isNotNull(eventRecord.engineEventId));
    const fresh = simulated.filter((r) => r.engineEventId?.startsWith('sim-'));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]?.eventImg).toMatch(/^event\/[0-9a-f]{24}\.jpg$/);
    const dcs = (await h.app.db.select().from(dcsAlarm)).filter((r) => r.engineEventId?.startsWith('sim-'));
    expect(dcs).toHaveLength(1);
    expect(dcs[0]?.alarmState).toBe(1);
  });
});
