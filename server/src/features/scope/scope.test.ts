import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  type CoverageResult,
  type Envelope,
  RETENTION_CATEGORIES,
  type RetentionPreview,
  type RetentionSettings,
  SCOPE_API,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  eventRecord,
  falseAlarmRecord,
  historyAssignment,
  videoAlarm,
} from '../../db/schema/index.ts';
import { backends, createAccountWithPages, login } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness } from '../alarms/ingest-test-support.ts';
import { runDataRetention } from './index.ts';

const DAY = 86_400_000;

/** Data scope: retention settings, the preview and the run that enforces them, and the coverage tree. */
describe.each(backends)('data scope on %s', (backend) => {
  let h: IngestHarness;
  let seq = 0;
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) => {
    const res = await h.app.inject({
      method,
      url,
      headers: { token: token ?? h.admin, lang: 'en' },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  /** A media file of `bytes` bytes; answers its path relative to DATA_DIR/media. */
  const file = (kind: string, bytes = 10) => {
    const path = `alarm/test/${kind}-${seq++}.bin`;
    const full = join(h.dataDir, 'media', path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, Buffer.alloc(bytes, 1));
    return path;
  };
  const onDisk = (path: string) => existsSync(join(h.dataDir, 'media', path));
  const alarm = async (days: number, files: { image?: boolean; clip?: boolean } = {}) => {
    const [row] = await h.app.db
      .insert(videoAlarm)
      .values({
        alarmTime: ago(days),
        priority: 120003,
        areaId: h.refs.areaId,
        alarmImage: files.image ? file('img', 100) : '',
        alarmImageDraw: files.image ? file('draw', 50) : '',
        alarmVideo: files.clip ? file('clip', 1000) : '',
      })
      .returning();
    if (!row) throw new Error('no alarm');
    return row;
  };
  const preview = async () => {
    const res = await call<RetentionPreview>('GET', SCOPE_API.preview);
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.data.list.map((r) => [r.category, r]));
  };

  beforeAll(async () => {
    h = await ingestHarness(backend);
  });
  afterAll(async () => h?.close());

  it('answers the defaults (protocol log and camera checks from the env) and validates what is saved', async () => {
    const res = await call<RetentionSettings>('GET', SCOPE_API.retention);
    expect(res.body.data).toMatchObject({ alarms: 365, alarmImages: 180, alarmClips: 90, cameraChecks: 30 });
    expect(res.body.data.protocolLog).toBe(h.app.appConfig.protocolLog.retentionDays);
    const bad = await call('PUT', SCOPE_API.retention, { ...res.body.data, alarmImages: 400 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Files cannot be kept longer than their alarm records');
    expect((await call('PUT', SCOPE_API.retention, { ...res.body.data, events: 0 })).status).toBe(400);
    expect((await call('PUT', SCOPE_API.retention, { ...res.body.data, events: 1.5 })).status).toBe(400);
    const saved = await call<RetentionSettings>('PUT', SCOPE_API.retention, {
      ...res.body.data,
      auditLog: 400,
    });
    expect(saved.status).toBe(200);
    expect((await call<RetentionSettings>('GET', SCOPE_API.retention)).body.data.auditLog).toBe(400);
    const [entry] = await h.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'scope.retention.update'));
    expect(entry?.detail).toEqual({ auditLog: { before: 365, after: 400 } });
  });

  it('the preview is exactly what the run then deletes, files with their rows, in bounded batches', async () => {
    const old = [];
    for (let i = 0; i < 5; i++) old.push(await alarm(400, { image: true, clip: true }));
    const reviewed = await alarm(400, { image: true });
    await h.app.db
      .insert(falseAlarmRecord)
      .values({ alarmId: reviewed.id, alarmTime: reviewed.alarmTime, frame: '' });
    const middle = [];
    for (let i = 0; i < 3; i++) middle.push(await alarm(200, { image: true, clip: true }));
    const clipOnly = await alarm(120, { image: true, clip: true });
    const recent = await alarm(10, { image: true, clip: true });
    for (let i = 0; i < 4; i++) {
      await h.app.db
        .insert(eventRecord)
        .values({ eventName: 'e', eventTime: ago(200), eventImg: file('event', 7) });
    }
    await h.app.db
      .insert(eventRecord)
      .values({ eventName: 'e', eventTime: ago(1), eventImg: file('event', 7) });
    await h.app.db
      .insert(historyAssignment)
      .values([{ startTime: ago(500), endTime: ago(499) }, { startTime: ago(500) }]);
    await h.app.db.insert(auditLog).values([
      { action: 'old', createdAt: ago(500) },
      { action: 'old', createdAt: ago(450) },
    ]);

    const before = await preview();
    expect(before.alarms).toMatchObject({ rows: 5, files: 15, bytes: 5 * 1150, days: 365 });
    // The reviewed alarm stays a record, its pictures go; the middle ones lose pictures and clips.
    expect(before.alarmImages).toMatchObject({ rows: 4, files: 8, bytes: 4 * 150 });
    expect(before.alarmClips).toMatchObject({ rows: 4, files: 4, bytes: 4 * 1000 });
    expect(before.events).toMatchObject({ rows: 4, files: 4, bytes: 28 });
    expect(before.jobRuns).toMatchObject({ rows: 1, files: 0 });
    expect(before.auditLog).toMatchObject({ rows: 2 });

    // Bounded: one batch of two per category.
    const first = await runDataRetention(h.app, undefined, { batch: 2, batchesPerRun: 1 });
    expect(first).toMatchObject({
      alarms: 2,
      alarmImages: 2,
      alarmClips: 2,
      events: 2,
      jobRuns: 1,
      auditLog: 2,
    });
    const rest = await runDataRetention(h.app, undefined, { batch: 2, batchesPerRun: 100 });
    for (const c of RETENTION_CATEGORIES) expect((first[c] ?? 0) + (rest[c] ?? 0)).toBe(before[c]?.rows);
    expect(first.files + rest.files).toBe(
      RETENTION_CATEGORIES.reduce((n, c) => n + (before[c]?.files ?? 0), 0),
    );
    const after = await preview();
    for (const c of RETENTION_CATEGORIES) expect(after[c]?.rows).toBe(0);

    // Files went with their rows; what is kept still has them.
    for (const a of old) {
      expect(onDisk(a.alarmImage) || onDisk(a.alarmVideo)).toBe(false);
      expect(await h.app.db.select().from(videoAlarm).where(eq(videoAlarm.id, a.id))).toEqual([]);
    }
    const [kept] = await h.app.db.select().from(videoAlarm).where(eq(videoAlarm.id, reviewed.id));
    expect(kept).toMatchObject({ alarmImage: '', alarmImageDraw: '' });
    expect(onDisk(reviewed.alarmImage)).toBe(false);
    const [mid] = await h.app.db
      .select()
      .from(videoAlarm)
      .where(eq(videoAlarm.id, middle[0]?.id ?? 0));
    expect(mid).toMatchObject({ alarmImage: '', alarmVideo: '' });
    const [clipGone] = await h.app.db.select().from(videoAlarm).where(eq(videoAlarm.id, clipOnly.id));
    expect(clipGone?.alarmVideo).toBe('');
    expect(clipGone?.alarmImage).toBe(clipOnly.alarmImage);
    expect(onDisk(clipOnly.alarmImage)).toBe(true);
    expect(onDisk(clipOnly.alarmVideo)).toBe(false);
    expect(onDisk(recent.alarmImage) && onDisk(recent.alarmVideo)).toBe(true);
    expect(await h.app.db.select().from(eventRecord)).toHaveLength(1);
    expect(await h.app.db.select().from(historyAssignment)).toHaveLength(1);
  });

  it('previews unsaved settings, and an aborted run stops between batches', async () => {
    await alarm(50, { image: true });
    const settings = (await call<RetentionSettings>('GET', SCOPE_API.retention)).body.data;
    const shorter = await call<RetentionPreview>('POST', SCOPE_API.preview, {
      settings: { ...settings, alarms: 30, alarmImages: 30, alarmClips: 30 },
    });
    expect(shorter.body.data.list.find((r) => r.category === 'alarms')?.rows).toBe(5);
    expect((await preview()).alarms?.rows).toBe(0);
    const aborted = new AbortController();
    aborted.abort();
    await call('PUT', SCOPE_API.retention, { ...settings, alarms: 30, alarmImages: 30, alarmClips: 30 });
    expect((await runDataRetention(h.app, aborted.signal)).alarms).toBe(0);
    expect((await runDataRetention(h.app)).alarms).toBe(5);
  });

  it('the coverage tree sums each subtree; only the scope page may see or change it', async () => {
    const res = await call<CoverageResult>('GET', SCOPE_API.coverage);
    expect(res.status).toBe(200);
    const factory = res.body.data.list.find((n) => n.id === h.refs.factoryId);
    expect(factory).toMatchObject({ cameras: 1, scenes: 1 });
    expect(factory?.children[0]?.children[0]).toMatchObject({ id: h.refs.areaId, cameras: 1, scenes: 1 });
    expect(factory?.alarms).toBe(factory?.children[0]?.children[0]?.alarms);
    const other = await login(h.app, await createAccountWithPages(h.app, ['dictionary']));
    expect((await call('GET', SCOPE_API.retention, undefined, other)).status).toBe(403);
    expect((await call('GET', SCOPE_API.preview, undefined, other)).status).toBe(403);
    const granted = await login(h.app, await createAccountWithPages(h.app, ['scope']));
    expect((await call('GET', SCOPE_API.coverage, undefined, granted)).status).toBe(200);
  });
});
