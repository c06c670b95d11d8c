import { ALARM_API, type Envelope } from '@sentinel/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness, multipartBody } from './ingest-test-support.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Keys of the daily, hourly and scene-hour counters where the rollup differs from a GROUP BY over the alarms
 * (count 0 rows left by state changes are the same as no row).
 */
async function drift(h: IngestHarness) {
  const daily = await h.app.db.execute(sql`
    SELECT v.*, r.* FROM (
      SELECT (alarm_time AT TIME ZONE 'UTC')::date AS day, coalesce(scene_id, 0) AS scene_id,
        coalesce(camera_id, 0) AS camera_id, coalesce(algorithm_id, 0) AS algorithm_id,
        coalesce(area_id, 0) AS area_id, coalesce(factory_id, 0) AS factory_id, alarm_state, priority,
        false_positive, count(*) AS n
      FROM video_alarm GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) v
    FULL JOIN (SELECT day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state, priority,
        false_positive, count AS counted FROM alarm_rollup) r
      USING (day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state, priority, false_positive)
    WHERE coalesce(v.n, 0) <> coalesce(r.counted, 0)`);
  const hourly = await h.app.db.execute(sql`
    SELECT v.*, r.* FROM (
      SELECT date_trunc('hour', alarm_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
        coalesce(scene_id, 0) AS scene_id, coalesce(area_id, 0) AS area_id,
        coalesce(factory_id, 0) AS factory_id, priority, alarm_state, false_positive, count(*) AS n
      FROM video_alarm GROUP BY 1, 2, 3, 4, 5, 6, 7) v
    FULL JOIN (SELECT hour, scene_id, area_id, factory_id, priority, alarm_state, false_positive,
        count AS counted FROM alarm_rollup_hour) r
      USING (hour, scene_id, area_id, factory_id, priority, alarm_state, false_positive)
    WHERE coalesce(v.n, 0) <> coalesce(r.counted, 0)`);
  const sceneHourly = await h.app.db.execute(sql`
    SELECT v.*, r.* FROM (
      SELECT date_trunc('hour', alarm_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
        coalesce(scene_id, 0) AS scene_id, coalesce(area_id, 0) AS area_id,
        coalesce(factory_id, 0) AS factory_id, count(*) AS n
      FROM video_alarm GROUP BY 1, 2, 3, 4) v
    FULL JOIN (SELECT hour, scene_id, area_id, factory_id, count AS counted FROM alarm_rollup_scene_hour) r
      USING (hour, scene_id, area_id, factory_id)
    WHERE coalesce(v.n, 0) <> coalesce(r.counted, 0)`);
  return { daily: rowsOf(daily), hourly: rowsOf(hourly), sceneHourly: rowsOf(sceneHourly) };
}

describe.each(backends)('daily and hourly rollups on %s', (backend) => {
  let h: IngestHarness;
  let key: string;
  let jpeg: Buffer;
  let seq = 0;

  const call = async <T>(url: string, payload: object) => {
    const res = await h.app.inject({ method: 'POST', url, headers: { token: h.admin, lang: 'en' }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Envelope<T>).data;
  };
  const ingest = async (fields: Record<string, string>) => {
    const { payload, headers } = multipartBody(
      {
        eventId: `rollup-${++seq}`,
        cameraId: String(h.refs.cameraId),
        sceneId: String(h.refs.sceneId),
        algorithmCode: 'helmet',
        ...fields,
      },
      [{ field: 'image', data: jpeg }],
    );
    const res = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, 'x-engine-key': key },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Envelope<{ id: number }>).data.id;
  };

  beforeAll(async () => {
    h = await ingestHarness(backend);
    jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    key = (await call<{ key: string }>(ALARM_API.engines, { name: 'rollup-engine' })).key;
  });
  afterAll(async () => h?.close());

  it('equal a GROUP BY over the alarms after ingest, deal, cancel, approve and noApprove', async () => {
    const times = [
      '2026-03-01T00:00:00Z',
      '2026-03-01T00:59:59.999Z',
      '2026-03-01T23:30:00Z',
      '2026-03-02T05:10:00+08:00',
    ];
    const ids: number[] = [];
    for (const [i, alarmTime] of times.entries()) {
      ids.push(await ingest({ alarmTime, priority: String(120001 + i) }));
      ids.push(await ingest({ alarmTime, requireApproval: 'true' }));
    }
    // Two arrivals of the same key in one hour, and a repeated event id (not counted twice).
    ids.push(await ingest({ alarmTime: '2026-03-01T00:20:00Z', priority: '120001' }));
    await ingest({ eventId: `rollup-${seq}`, alarmTime: '2026-03-01T00:20:00Z', priority: '120001' });
    expect(await drift(h)).toEqual({ daily: [], hourly: [], sceneHourly: [] });

    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    await call(ALARM_API.deal, { id: a, comment: 'done' });
    await call(ALARM_API.cancel(c), {});
    await call(ALARM_API.cancel(b), {}); // awaiting approval → false positive
    await call(ALARM_API.approve, { id: d });
    await call(ALARM_API.approve, { id: f });
    await call(ALARM_API.noApprove, { id: f });
    await call(ALARM_API.batch, { ids: [e], action: 'deal' });
    expect(await drift(h)).toEqual({ daily: [], hourly: [], sceneHourly: [] });

    const [hourly] = rowsOf<{ n: unknown }>(
      await h.app.db.execute(sql`SELECT sum(count) AS n FROM alarm_rollup_hour`),
    );
    expect(Number(hourly?.n)).toBe(ids.length);
  });
});
