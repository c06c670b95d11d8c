import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import {
  type CameraHealthListResult,
  type CameraProbeResult,
  type Envelope,
  type OutageListResult,
  SELF_CHECK_CAMERAS_API,
  type SnapshotListResult,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { account, accountScene, auditLog, camera } from '../../db/schema/index.ts';
import { cameraCheck, cameraHealth, cameraOutage } from '../../db/schema/self-check.ts';
import { backends, createAccountWithPages, login } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness } from '../alarms/ingest-test-support.ts';
import { demoHeartbeat } from './demo-heartbeat.ts';
import { runProbePass } from './probe.ts';
import { pruneChecks } from './retention.ts';
import { runSnapshotPass } from './snapshots.ts';

const MEDIA = 'http://media.plant.local:8080/live/{stream}.live.flv?token={token}';

/** A local RTSP server answering OPTIONS (and nothing else). */
function rtspServer(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer((socket) => {
      let got = '';
      socket.on('data', (chunk) => {
        got += chunk.toString('latin1');
        if (!got.includes('\r\n\r\n')) return;
        const cseq = /CSeq:\s*(\d+)/i.exec(got)?.[1] ?? '1';
        const ok = got.startsWith('OPTIONS ');
        socket.end(
          ok
            ? `RTSP/1.0 200 OK\r\nCSeq: ${cseq}\r\nPublic: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN\r\n\r\n`
            : `RTSP/1.0 405 Method Not Allowed\r\nCSeq: ${cseq}\r\n\r\n`,
        );
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

/** A port nothing listens on (a server opened and closed). */
async function closedPort(): Promise<number> {
  const { server, port } = await rtspServer();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(backends)('camera checks through HTTP (%s)', { timeout: 180_000 }, (backend) => {
  let h: IngestHarness | undefined;
  let rtsp: Server | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
    rtsp?.close();
    rtsp = undefined;
  });

  /** `media`: a media server template (cameras are probed at their own addresses, not demo clips). */
  async function setup(media = false) {
    let clock = new Date('2026-11-26T10:00:00Z');
    h = await ingestHarness(backend, { now: () => clock, ...(media ? { mediaStreamTemplate: MEDIA } : {}) });
    const harness = h;
    // The demo stream probe is a real HTTP request to this server.
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    await harness.app.db
      .update(camera)
      .set({ mainStreamUrl: 'demo:conveyor' })
      .where(eq(camera.id, harness.refs.cameraId));
    const call = async <T>(url: string, payload: object, token = harness.admin) => {
      const res = await harness.app.inject({ method: 'POST', url, headers: { token }, payload });
      return { status: res.statusCode, body: res.json() as Envelope<T> };
    };
    const advance = (seconds: number) => {
      clock = new Date(clock.getTime() + seconds * 1000);
    };
    const cameraRow = async (cameraId = harness.refs.cameraId) => {
      const res = await call<CameraHealthListResult>(SELF_CHECK_CAMERAS_API.cameras, { cameraId });
      expect(res.status).toBe(200);
      return res.body.data.list[0];
    };
    const outages = async (filters: object = {}) => {
      const res = await call<OutageListResult>(SELF_CHECK_CAMERAS_API.outages, filters);
      expect(res.status).toBe(200);
      return res.body.data;
    };
    return { harness, call, advance, cameraRow, outages };
  }

  it('a demo camera: probed ok → online; stopped → failed checks, offline after 60 s with an outage; started → recovery with duration', async () => {
    const { harness, call, advance, cameraRow, outages } = await setup();
    const cameraId = harness.refs.cameraId;
    expect((await cameraRow())?.state).toBe('unknown');

    const probe = await call<CameraProbeResult>(SELF_CHECK_CAMERAS_API.probe, { cameraId });
    expect(probe.status).toBe(200);
    expect(probe.body.data.check).toMatchObject({ kind: 'stream', ok: true, error: null });
    expect(probe.body.data.check.detail).toMatchObject({ status: 200, contentType: 'video/x-flv' });
    expect(Number(probe.body.data.check.detail?.bytes)).toBeGreaterThan(0);
    expect(probe.body.data.camera).toMatchObject({
      state: 'online',
      target: 'demo',
      demoRunning: true,
      lastEvidenceKind: 'stream',
      lastEvidenceAt: '2026-11-26T10:00:00.000Z',
    });
    const [cam] = await harness.app.db.select().from(camera).where(eq(camera.id, cameraId));
    expect(cam?.online).toBe(true);

    // Stop the demo stream (audited); the stream itself answers 503.
    const stop = await call(SELF_CHECK_CAMERAS_API.demoStream, { cameraId, running: false });
    expect(stop.status).toBe(200);
    const audit = await harness.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'camera.demoStream.stop'));
    expect(audit).toHaveLength(1);

    advance(30);
    await runProbePass(harness.app);
    const afterOne = await cameraRow();
    expect(afterOne).toMatchObject({
      state: 'online',
      demoRunning: false,
      lastError: 'cameraCheck.demoStopped',
    });

    advance(31); // 61 s since the last good probe
    await runProbePass(harness.app);
    const down = await cameraRow();
    expect(down).toMatchObject({ state: 'offline', openOutageCause: 'stream' });
    const open = await outages({ cameraId, openOnly: true });
    expect(open.count).toBe(1);
    expect(open.list[0]).toMatchObject({
      cause: 'stream',
      open: true,
      startedAt: '2026-11-26T10:00:00.000Z',
    });
    const failed = await harness.app.db.select().from(cameraCheck).where(eq(cameraCheck.ok, false));
    expect(failed.map((c) => c.error)).toEqual(['cameraCheck.demoStopped', 'cameraCheck.demoStopped']);

    await call(SELF_CHECK_CAMERAS_API.demoStream, { cameraId, running: true });
    advance(30);
    await runProbePass(harness.app);
    expect((await cameraRow())?.state).toBe('online');
    const all = await outages({ cameraId });
    expect(all.list).toHaveLength(1);
    expect(all.list[0]).toMatchObject({ open: false, durationSeconds: 91, cause: 'stream' });
    expect((await outages({ cameraId, openOnly: true })).count).toBe(0);
    expect((await outages({ cause: 'engine' })).count).toBe(0);
    // Uptime of the window (10:00 → 10:01:31) with 91 s down is 0 %.
    expect((await cameraRow())?.uptimePercent).toBe(0);
  });

  it('an RTSP target answering OPTIONS is online; an unreachable one fails with refused', async () => {
    const { harness, call } = await setup(true);
    const server = await rtspServer();
    rtsp = server.server;
    await harness.app.db
      .update(camera)
      .set({ mainStreamUrl: `rtsp://admin:secret@127.0.0.1:${server.port}/live` })
      .where(eq(camera.id, harness.refs.cameraId));
    const [dead] = await harness.app.db
      .insert(camera)
      .values({ name: 'dead', code: 'CAM-DEAD', mainStreamUrl: `rtsp://127.0.0.1:${await closedPort()}/x` })
      .returning();
    if (!dead) throw new Error('no camera');
    const checks = await runProbePass(harness.app);
    const mine = checks.find((c) => c.cameraId === harness.refs.cameraId);
    expect(mine).toMatchObject({ ok: true, kind: 'stream' });
    expect(mine?.detail).toMatchObject({ status: 200, via: 'rtsp' });
    expect(String(mine?.detail?.target)).not.toContain('secret');
    const deadCheck = checks.find((c) => c.cameraId === dead.id);
    expect(deadCheck).toMatchObject({ ok: false, error: 'cameraCheck.refused' });

    const list = await call<CameraHealthListResult>(SELF_CHECK_CAMERAS_API.cameras, {});
    const states = Object.fromEntries(list.body.data.list.map((c) => [c.code, c.state]));
    expect(states).toMatchObject({ 'CAM-T01': 'online', 'CAM-DEAD': 'offline' });
  });

  it('a gap in the probe passes longer than the limit opens outages with cause server', async () => {
    const { harness, advance, cameraRow, outages } = await setup();
    await runProbePass(harness.app);
    expect((await cameraRow())?.state).toBe('online');
    advance(300); // the server was down: no passes for 5 minutes
    await runProbePass(harness.app);
    const list = await outages({ cameraId: harness.refs.cameraId });
    expect(list.list).toHaveLength(1);
    // The gap became an outage with cause server, closed by the first probe after it.
    expect(list.list[0]).toMatchObject({ cause: 'server', open: false, durationSeconds: 300 });
    expect((await cameraRow())?.state).toBe('online');
  });

  it('writes a snapshot check with an image a user can fetch; retention deletes old checks and their files', async () => {
    const { harness, call, advance } = await setup();
    const checks = await runSnapshotPass(harness.app);
    expect(checks).toHaveLength(1);
    const [snap] = checks;
    expect(snap).toMatchObject({ kind: 'snapshot', ok: true });
    expect(snap?.mediaPath).toMatch(/^camera-check\//);
    const list = await call<SnapshotListResult>(SELF_CHECK_CAMERAS_API.snapshots, {
      cameraId: harness.refs.cameraId,
    });
    expect(list.status).toBe(200);
    const item = list.body.data.list[0];
    expect(item).toMatchObject({ ok: true, cameraId: harness.refs.cameraId });
    expect(item?.width).toBeGreaterThan(0);
    expect(typeof item?.simulated).toBe('boolean');
    const image = await harness.app.inject({
      method: 'GET',
      url: item?.imageUrl ?? '',
      headers: { token: harness.admin },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/image\/jpeg/);
    const file = join(harness.dataDir, 'media', snap?.mediaPath ?? '');
    expect(existsSync(file)).toBe(true);

    // A stopped demo stream gives a failed snapshot.
    await call(SELF_CHECK_CAMERAS_API.demoStream, { cameraId: harness.refs.cameraId, running: false });
    const [failed] = await runSnapshotPass(harness.app);
    expect(failed).toMatchObject({ ok: false, error: 'cameraCheck.demoStopped', mediaPath: null });

    advance(31 * 86_400);
    await runProbePass(harness.app); // one fresh check stays
    expect(await pruneChecks(harness.app)).toBe(2);
    const left = await harness.app.db.select().from(cameraCheck);
    expect(left).toHaveLength(1);
    expect(left[0]?.kind).toBe('stream');
    expect(existsSync(file)).toBe(false);
  });

  it('the demo engine reports its demo cameras: good while the clip runs, failing once it is stopped', async () => {
    const { harness, call } = await setup();
    const cameraId = harness.refs.cameraId;
    expect(await demoHeartbeat(harness.app)).toBe(1);
    const [good] = await harness.app.db
      .select()
      .from(cameraHealth)
      .where(eq(cameraHealth.cameraId, cameraId));
    expect(good).toMatchObject({ lastEvidenceKind: 'heartbeat', lastError: null });
    expect(good?.engineId).not.toBeNull();
    await call(SELF_CHECK_CAMERAS_API.demoStream, { cameraId, running: false });
    await demoHeartbeat(harness.app);
    const [bad] = await harness.app.db.select().from(cameraHealth).where(eq(cameraHealth.cameraId, cameraId));
    expect(bad).toMatchObject({ lastError: 'cameraCheck.demoStopped' });
  });

  it('refuses the stop switch for a camera without a demo stream, and the pages for a user without the permission', async () => {
    const { harness, call } = await setup(true);
    await harness.app.db
      .update(camera)
      .set({ mainStreamUrl: 'rtsp://127.0.0.1:1/x' })
      .where(eq(camera.id, harness.refs.cameraId));
    const refused = await call(SELF_CHECK_CAMERAS_API.demoStream, {
      cameraId: harness.refs.cameraId,
      running: false,
    });
    expect(refused.status).toBe(400);
    const unknown = await call(SELF_CHECK_CAMERAS_API.probe, { cameraId: 999_999 });
    expect(unknown.status).toBe(404);
    const operator = await call(SELF_CHECK_CAMERAS_API.outages, {}, harness.operator);
    expect([401, 403]).toContain(operator.status);
  });

  it("shows only the cameras the caller's scene authority shows", async () => {
    const { harness, call, cameraRow } = await setup();
    const cameraId = harness.refs.cameraId;
    await harness.app.db
      .insert(cameraOutage)
      .values({ cameraId, startedAt: new Date('2026-11-26T09:00:00Z'), cause: 'stream' });
    const limited = await createAccountWithPages(harness.app, ['cameraRecord', 'cameraErrorLog']);
    await harness.app.db.update(account).set({ allScenes: false }).where(eq(account.id, limited.id));
    const token = await login(harness.app, limited);
    // No scene granted: the camera, its outages and its probe are out of reach.
    const cameras = await call<CameraHealthListResult>(SELF_CHECK_CAMERAS_API.cameras, { cameraId }, token);
    expect(cameras.status).toBe(200);
    expect(cameras.body.data.list).toEqual([]);
    const outages = await call<OutageListResult>(SELF_CHECK_CAMERAS_API.outages, { cameraId }, token);
    expect(outages.body.data.list).toEqual([]);
    expect((await call(SELF_CHECK_CAMERAS_API.probe, { cameraId }, token)).status).toBe(404);
    // Granted the camera's scene, the same account sees both.
    await harness.app.db
      .insert(accountScene)
      .values({ accountId: limited.id, sceneId: harness.refs.sceneId });
    const again = await call<CameraHealthListResult>(SELF_CHECK_CAMERAS_API.cameras, { cameraId }, token);
    expect(again.body.data.list.map((c) => c.cameraId)).toEqual([cameraId]);
    const seen = await call<OutageListResult>(SELF_CHECK_CAMERAS_API.outages, { cameraId }, token);
    expect(seen.body.data.list).toHaveLength(1);
    expect(await cameraRow()).toBeDefined();
  });
});
