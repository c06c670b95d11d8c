import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { camera, engine } from '../../db/schema/index.ts';
import { cameraHealth, cameraOutage } from '../../db/schema/self-check.ts';
import { hashEngineKey } from '../../platform/engine-auth.ts';
import { backends } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness } from '../alarms/ingest-test-support.ts';
import { runMonitorPass } from './monitor.ts';

const KEY = 'monitor-test-key-0123456789';

describe.each(backends)('camera health monitor (%s)', (backend) => {
  let h: IngestHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function setup() {
    let clock = new Date('2026-11-26T10:00:00Z');
    h = await ingestHarness(backend, { now: () => clock });
    const harness = h;
    await harness.app.db
      .insert(engine)
      .values({ name: 'edge-1', keyHash: hashEngineKey(KEY), keyPrefix: KEY.slice(0, 6) });
    const beat = async (ok: boolean) => {
      const res = await harness.app.inject({
        method: 'POST',
        url: '/api/v2/backend/ingest/heartbeat',
        headers: { 'x-engine-key': KEY },
        payload: {
          cameras: [{ cameraId: harness.refs.cameraId, ok, ...(ok ? {} : { error: 'no frames' }) }],
        },
      });
      expect(res.statusCode).toBe(200);
    };
    const advance = (seconds: number) => {
      clock = new Date(clock.getTime() + seconds * 1000);
    };
    const state = async () => {
      const [cam] = await harness.app.db.select().from(camera).where(eq(camera.id, harness.refs.cameraId));
      const [health] = await harness.app.db
        .select()
        .from(cameraHealth)
        .where(eq(cameraHealth.cameraId, harness.refs.cameraId));
      const outages = await harness.app.db
        .select()
        .from(cameraOutage)
        .where(eq(cameraOutage.cameraId, harness.refs.cameraId));
      return { online: cam?.online, healthOnline: health?.online, outages };
    };
    return { harness, beat, advance, state };
  }

  it('a failure within the window does not flip; silence > 60 s opens an outage; recovery closes it', async () => {
    const { harness, beat, advance, state } = await setup();
    await beat(true);
    await runMonitorPass(harness.app);
    expect(await state()).toMatchObject({ online: true, healthOnline: true, outages: [] });

    advance(20);
    await beat(false); // one failed report while good evidence is fresh
    await runMonitorPass(harness.app);
    expect(await state()).toMatchObject({ online: true, outages: [] });

    advance(45); // 65 s since the last good evidence; the engine still beats (failing)
    await beat(false);
    await runMonitorPass(harness.app);
    const down = await state();
    expect(down.online).toBe(false);
    expect(down.healthOnline).toBe(false);
    expect(down.outages).toHaveLength(1);
    expect(down.outages[0]).toMatchObject({ cause: 'stream', endedAt: null, error: 'no frames' });
    expect(down.outages[0]?.startedAt.toISOString()).toBe('2026-11-26T10:00:00.000Z');

    await runMonitorPass(harness.app); // another pass opens no second outage
    expect((await state()).outages).toHaveLength(1);

    advance(30);
    await beat(true);
    await runMonitorPass(harness.app);
    const up = await state();
    expect(up.online).toBe(true);
    expect(up.outages).toHaveLength(1);
    expect(up.outages[0]?.durationSeconds).toBe(95);
  });

  it('an engine silent for over 60 s takes its cameras offline with cause engine', async () => {
    const { harness, beat, advance, state } = await setup();
    await beat(true);
    await runMonitorPass(harness.app);
    expect((await state()).online).toBe(true);
    advance(61);
    await runMonitorPass(harness.app);
    const down = await state();
    expect(down.online).toBe(false);
    expect(down.outages[0]).toMatchObject({ cause: 'engine', endedAt: null });
  });
});
