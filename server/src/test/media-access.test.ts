import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALARM_API, type Envelope } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRecord, scene, sceneCamera, videoAlarm } from '../db/schema/index.ts';
import {
  fakeMp4,
  type IngestHarness,
  ingestHarness,
  multipartBody,
} from '../features/alarms/ingest-test-support.ts';
import { createEngine } from '../features/engines/routes.ts';
import { sweepOrphanMedia } from '../platform/media-registry.ts';
import { backends, createAccount, limitToScenes, login } from './helpers.ts';
import { testImage } from './multipart.ts';

/**
 * Issue 10, points 5 and 7: media follows the visibility of the record that holds it (an account
 * limited to scene A gets 404 for scene B's alarm pictures, clip and event picture, as for an
 * unknown file), and files no record holds are swept after a grace period — never a held one,
 * never a young one.
 */
describe.each(backends)('media files on %s', (backend) => {
  let h: IngestHarness;
  let key: string;
  let limited: string;
  let sceneB: number;
  let seq = 0;
  const media = (token: string, path: string) =>
    h.app.inject({ method: 'GET', url: `/api/v2/backend/media/${path}`, headers: { token } });

  async function ingestAlarm(sceneId: number) {
    const image = await testImage('png', 16);
    const { payload, headers } = multipartBody(
      {
        eventId: `media-${++seq}`,
        algorithmCode: 'helmet',
        cameraId: String(h.refs.cameraId),
        sceneId: String(sceneId),
      },
      [
        { field: 'image', data: image, contentType: 'image/png', filename: 'a.png' },
        { field: 'imageDraw', data: image, contentType: 'image/png', filename: 'b.png' },
        { field: 'clip', data: fakeMp4(), contentType: 'video/mp4', filename: 'c.mp4' },
      ],
    );
    const res = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, 'x-engine-key': key },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const id = (res.json() as Envelope<{ id: number }>).data.id;
    const [row] = await h.app.db.select().from(videoAlarm).where(eq(videoAlarm.id, id));
    if (!row) throw new Error('alarm not stored');
    return [row.alarmImage, row.alarmImageDraw, row.alarmVideo];
  }

  async function ingestEvent(sceneId: number) {
    const { payload, headers } = multipartBody(
      { eventId: `media-event-${++seq}`, eventName: '人员进入', sceneId: String(sceneId) },
      [{ field: 'image', data: await testImage('png', 16), contentType: 'image/png', filename: 'e.png' }],
    );
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v2/backend/ingest/event',
      headers: { ...headers, 'x-engine-key': key },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const id = (res.json() as Envelope<{ id: number }>).data.id;
    const [row] = await h.app.db.select().from(eventRecord).where(eq(eventRecord.id, id));
    return row?.eventImg ?? '';
  }

  beforeAll(async () => {
    h = await ingestHarness(backend);
    key = (await createEngine(h.app.db, 'media engine')).key;
    const [b] = await h.app.db.insert(scene).values({ name: '罐区巡检', areaId: h.refs.areaId }).returning();
    if (!b) throw new Error('no scene');
    sceneB = b.id;
    await h.app.db.insert(sceneCamera).values({ sceneId: sceneB, cameraId: h.refs.cameraId });
    const operator = await createAccount(h.app, { roles: ['operator'] });
    await limitToScenes(h.app, h.admin, operator.id, [h.refs.sceneId]);
    limited = await login(h.app, operator);
  });
  afterAll(async () => h?.close());

  it("serves a scene's alarm pictures, clip and event picture only to accounts that see the scene", async () => {
    const own = [...(await ingestAlarm(h.refs.sceneId)), await ingestEvent(h.refs.sceneId)];
    const other = [...(await ingestAlarm(sceneB)), await ingestEvent(sceneB)];
    for (const path of own) {
      expect(path).not.toBe('');
      expect((await media(limited, path)).statusCode, path).toBe(200);
      expect((await media(h.admin, path)).statusCode, path).toBe(200);
    }
    const unknown = await media(limited, 'alarm/0123456789abcdef01234567.png');
    for (const path of other) {
      const hidden = await media(limited, path);
      expect(hidden.statusCode, path).toBe(404);
      // Exactly as an unknown file: nothing tells that it exists.
      expect(hidden.body).toBe(unknown.body);
      expect((await media(h.admin, path)).statusCode, path).toBe(200);
    }
    // A media directory nobody registered is served to nobody.
    mkdirSync(join(h.dataDir, 'media', 'secret'), { recursive: true });
    writeFileSync(join(h.dataDir, 'media', 'secret', 'a.png'), await testImage('png', 8));
    expect((await media(h.admin, 'secret/a.png')).statusCode).toBe(404);
  });

  it('sweeps files no record holds once they are older than the grace period, and nothing else', async () => {
    const [held] = await ingestAlarm(h.refs.sceneId);
    const root = join(h.dataDir, 'media');
    const write = (path: string, ageMs: number) => {
      writeFileSync(join(root, path), 'x');
      const when = new Date(Date.now() - ageMs);
      utimesSync(join(root, path), when, when);
    };
    write('alarm/orphan-old.png', 2 * 3_600_000);
    write('event/orphan-old.png', 2 * 3_600_000);
    write('alarm/orphan-young.png', 60_000);
    const heldPath = join(root, held as string);
    const old = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(heldPath, old, old);

    const removed = await sweepOrphanMedia(h.app, { graceMs: 3_600_000, maxFiles: 10_000 });
    expect(removed.sort()).toEqual(['alarm/orphan-old.png', 'event/orphan-old.png']);
    expect((await media(h.admin, held as string)).statusCode).toBe(200);
    expect((await media(h.admin, 'alarm/orphan-young.png')).statusCode).toBe(200);
    // The user-upload directories name no record: never swept.
    mkdirSync(join(root, 'logo'), { recursive: true });
    write('logo/unsaved.png', 2 * 3_600_000);
    expect(await sweepOrphanMedia(h.app, { graceMs: 3_600_000, maxFiles: 10_000 })).toEqual([]);
  });
});
