import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { engine } from '../../db/schema/index.ts';
import { cameraHealth } from '../../db/schema/self-check.ts';
import { hashEngineKey } from '../../platform/engine-auth.ts';
import { backends } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness } from '../alarms/ingest-test-support.ts';

const KEY = 'heartbeat-test-key-0123456789';

describe.each(backends)('POST /ingest/heartbeat (%s)', (backend) => {
  let h: IngestHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function setup() {
    h = await ingestHarness(backend);
    const [row] = await h.app.db
      .insert(engine)
      .values({ name: 'edge-1', keyHash: hashEngineKey(KEY), keyPrefix: KEY.slice(0, 6) })
      .returning();
    if (!row) throw new Error('no engine');
    return { harness: h, engineId: row.id };
  }

  it('refuses a missing or wrong key', async () => {
    const { harness } = await setup();
    for (const headers of [{}, { 'x-engine-key': 'not-a-key' }]) {
      const res = await harness.app.inject({
        method: 'POST',
        url: '/api/v2/backend/ingest/heartbeat',
        headers,
        payload: { cameras: [] },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).not.toBe(0);
    }
  });

  it('marks the engine seen and records evidence for the cameras it names', async () => {
    const { harness, engineId } = await setup();
    const res = await harness.app.inject({
      method: 'POST',
      url: '/api/v2/backend/ingest/heartbeat',
      headers: { 'x-engine-key': KEY },
      payload: {
        cameras: [
          { cameraCode: 'CAM-T01', ok: true },
          { cameraCode: 'NOPE', ok: true },
        ],
        version: '1.0',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ engineId, cameras: 1 });
    const [seen] = await harness.app.db.select().from(engine).where(eq(engine.id, engineId));
    expect(seen?.lastSeenAt).toBeInstanceOf(Date);
    const [health] = await harness.app.db
      .select()
      .from(cameraHealth)
      .where(eq(cameraHealth.cameraId, harness.refs.cameraId));
    expect(health?.engineId).toBe(engineId);
    expect(health?.lastEvidenceKind).toBe('heartbeat');
    expect(health?.lastEvidenceAt).toBeInstanceOf(Date);

    const failing = await harness.app.inject({
      method: 'POST',
      url: '/api/v2/backend/ingest/heartbeat',
      headers: { 'x-engine-key': KEY },
      payload: { cameras: [{ cameraId: harness.refs.cameraId, ok: false, error: 'rtsp timeout' }] },
    });
    expect(failing.statusCode).toBe(200);
    const [after] = await harness.app.db
      .select()
      .from(cameraHealth)
      .where(eq(cameraHealth.cameraId, harness.refs.cameraId));
    expect(after?.lastError).toBe('rtsp timeout');
    expect(after?.lastFailureAt).toBeInstanceOf(Date);
    // A failure keeps the last good evidence (the monitor decides, not one report).
    expect(after?.lastEvidenceAt?.getTime()).toBe(health?.lastEvidenceAt?.getTime());
  });
});
