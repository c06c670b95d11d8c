import {
  ALARM_API,
  FALSE_ALARM_REVIEW_API as API,
  type FalseAlarmRateResult,
  type FalseAlarmRecordItem,
  type FalseAlarmRecordList,
} from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, falseAlarmRecord } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { setLiveVersion } from '../algorithms/index.ts';
import { falsePositiveRates, listReviewedRecords } from './index.ts';
import { type ReviewHarness, reviewHarness } from './test-support.ts';

/** Review transitions, scene authority, the false-positive rate and the datasets' export. */
describe.each(backends)('false-alarm review on %s', (backend) => {
  let h: ReviewHarness;
  /** Record ids: a, b in scene A; c in scene B. */
  const rec: Record<string, number> = {};
  let alg = { id: 0, v1: 0 };
  let v2 = 0;

  const recordIdOf = async (alarmId: number) =>
    (await h.app.db.select().from(falseAlarmRecord).where(eq(falseAlarmRecord.alarmId, alarmId)))[0]?.id ?? 0;
  const mark = async (alarmId: number) => {
    expect((await h.call('POST', ALARM_API.cancel(alarmId), {})).statusCode).toBe(200);
    return recordIdOf(alarmId);
  };
  const review = (id: number, body: object, token?: string) =>
    h.call<FalseAlarmRecordItem & { record?: FalseAlarmRecordItem }>('POST', API.review(id), body, token);

  beforeAll(async () => {
    h = await reviewHarness(backend);
    alg = await h.algorithmWithVersion('rate-alg');
    // v1: 5 alarms (3 false positives); v2: 3 alarms (1 false positive).
    const v1Alarms = [];
    for (let i = 0; i < 5; i++) v1Alarms.push(await h.alarm({ algorithmCode: 'rate-alg' }, i === 4));
    v2 = await h.newVersion(alg.id);
    await setLiveVersion(h.app.db, { algorithmId: alg.id, versionId: v2, action: 'publish' });
    const v2Alarms = [];
    for (let i = 0; i < 3; i++) v2Alarms.push(await h.alarm({ algorithmCode: 'rate-alg' }));
    rec.a = await mark(v1Alarms[0] ?? 0);
    rec.b = await mark(v1Alarms[1] ?? 0);
    rec.c = await mark(v1Alarms[4] ?? 0);
    rec.d = await mark(v2Alarms[0] ?? 0);
  });
  afterAll(async () => h?.close());

  it('lists records with filters (state, algorithm, version, scene, time range)', async () => {
    const list = async (filters: object) => {
      const res = await h.call<FalseAlarmRecordList>('POST', API.list, { page: 1, limit: 20, ...filters });
      expect(res.statusCode).toBe(200);
      return res.body.data;
    };
    const all = await list({ algorithmId: alg.id });
    expect(all.total).toBe(4);
    expect(all.list.map((r) => r.id)).toEqual([rec.d, rec.c, rec.b, rec.a]);
    expect(all.list[0]).toMatchObject({ versionId: v2, versionNumber: 2, state: 'pending', frameWidth: 64 });
    expect((await list({ versionId: alg.v1 })).total).toBe(3);
    expect((await list({ sceneId: h.sceneB })).list.map((r) => r.id)).toEqual([rec.c]);
    expect((await list({ state: 'accepted', algorithmId: alg.id })).total).toBe(0);
    const past = { startTime: '2020-01-01T00:00:00Z', endTime: '2020-01-02T00:00:00Z' };
    expect((await list(past)).total).toBe(0);
    expect(
      (await h.call('POST', API.list, { page: 1, limit: 20, startTime: past.startTime })).statusCode,
    ).toBe(400);
    expect((await h.call('POST', API.list, { page: 1, limit: 20, state: 'odd' })).statusCode).toBe(400);
  });

  it('review: accept, then 409 with the record as it is; re-review only when explicit; audited', async () => {
    const ok = await review(rec.a ?? 0, { verdict: 'accepted', reason: 'background' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data).toMatchObject({ state: 'accepted', reason: 'background', labels: [] });
    expect(ok.body.data.reviewer).not.toBe('');
    const again = await review(rec.a ?? 0, { verdict: 'dropped' });
    expect(again.statusCode).toBe(409);
    expect(again.body.data.record).toMatchObject({ id: rec.a, state: 'accepted' });
    const re = await review(rec.a ?? 0, { verdict: 'dropped', reason: 'other', rereview: true });
    expect(re.body.data).toMatchObject({ state: 'dropped', reason: 'other' });
    const audits = await h.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'falseAlarmRecord.review'), eq(auditLog.target, String(rec.a))));
    expect(audits.map((a) => (a.detail as { to: string }).to).sort()).toEqual(['accepted', 'dropped']);
    // back to accepted for the figures below
    expect(
      (await review(rec.a ?? 0, { verdict: 'accepted', reason: 'background', rereview: true })).statusCode,
    ).toBe(200);
  });

  it('relabel needs boxes; keeps them; bad input is 400, unknown ids 404', async () => {
    const none = await review(rec.b ?? 0, { verdict: 'relabelled', labels: [] });
    expect(none.statusCode).toBe(400);
    expect(
      (await review(rec.b ?? 0, { verdict: 'relabelled', labels: [{ cls: 'x', box: [0, 0, 2, 1] }] }))
        .statusCode,
    ).toBe(400);
    expect((await review(rec.b ?? 0, { verdict: 'maybe' })).statusCode).toBe(400);
    expect((await review(rec.b ?? 0, { verdict: 'accepted', reason: 'because' })).statusCode).toBe(400);
    expect((await review(999_999, { verdict: 'accepted' })).statusCode).toBe(404);
    expect((await h.call('GET', API.one(999_999))).statusCode).toBe(404);
    const labels = [{ cls: 'vest', box: [0.2, 0.2, 0.1, 0.3] }];
    const res = await review(rec.b ?? 0, { verdict: 'relabelled', labels, reason: 'wrongClass' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'relabelled', labels, reason: 'wrongClass' });
    expect(res.body.data.detections).toEqual([
      { cls: 'person', confidence: 0.91, box: [0.1, 0.2, 0.3, 0.4] },
    ]);
  });

  it('two reviewers at once: one verdict wins, the other gets 409', async () => {
    const results = await Promise.all([
      review(rec.d ?? 0, { verdict: 'dropped', reason: 'tooSmall' }),
      review(rec.d ?? 0, { verdict: 'accepted', reason: 'lighting' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.body.data.state;
    const [row] = await h.app.db
      .select()
      .from(falseAlarmRecord)
      .where(eq(falseAlarmRecord.id, rec.d ?? 0));
    expect(row?.state).toBe(winner);
    // settle on dropped for the figures below
    await review(rec.d ?? 0, { verdict: 'dropped', rereview: true });
  });

  it('scene authority: a scene-A reviewer sees and reviews scene A only; no page permission is 403', async () => {
    const sceneA = await h.reviewer([h.refs.sceneId]);
    const res = await h.call<FalseAlarmRecordList>(
      'POST',
      API.list,
      { page: 1, limit: 20, algorithmId: alg.id },
      sceneA,
    );
    expect(res.body.data.list.map((r) => r.id)).toEqual([rec.d, rec.b, rec.a]);
    expect((await h.call('GET', API.one(rec.c ?? 0), undefined, sceneA)).statusCode).toBe(404);
    expect((await review(rec.c ?? 0, { verdict: 'accepted' }, sceneA)).statusCode).toBe(404);
    const rate = await h.call<FalseAlarmRateResult>('POST', API.rate, { algorithmId: alg.id }, sceneA);
    expect(rate.body.data.algorithms[0]).toMatchObject({ alarms: 7, falsePositives: 3 });
    const nobody = h.operator; // no FalseAlarmRecord page
    expect((await h.call('POST', API.list, { page: 1, limit: 20 }, nobody)).statusCode).toBe(403);
  });

  it('false-positive rate per algorithm and version equals the hand counts', async () => {
    const res = await h.call<FalseAlarmRateResult>('POST', API.rate, { algorithmId: alg.id });
    expect(res.statusCode).toBe(200);
    const base = { algorithmId: alg.id, algorithmName: 'rate-alg' };
    expect(res.body.data.versions).toEqual([
      {
        ...base,
        versionId: alg.v1,
        versionNumber: 1,
        alarms: 5,
        falsePositives: 3,
        rate: 0.6,
        pending: 1,
        accepted: 1,
        relabelled: 1,
        dropped: 0,
      },
      {
        ...base,
        versionId: v2,
        versionNumber: 2,
        alarms: 3,
        falsePositives: 1,
        rate: 1 / 3,
        pending: 0,
        accepted: 0,
        relabelled: 0,
        dropped: 1,
      },
    ]);
    expect(res.body.data.algorithms).toEqual([
      {
        ...base,
        versionId: null,
        versionNumber: null,
        alarms: 8,
        falsePositives: 4,
        rate: 0.5,
        pending: 1,
        accepted: 1,
        relabelled: 1,
        dropped: 1,
      },
    ]);
    const direct = await falsePositiveRates(h.app.db, { algorithmId: alg.id });
    expect(direct).toEqual(res.body.data);
  });

  it('listReviewedRecords: accepted as negatives, relabelled with labels; never pending or dropped', async () => {
    const rows = await listReviewedRecords(h.app.db, { algorithmId: alg.id });
    expect(rows.map((r) => [r.id, r.state, r.negative, r.labels.length])).toEqual([
      [rec.a, 'accepted', true, 0],
      [rec.b, 'relabelled', false, 1],
    ]);
    expect(rows[0]?.frame).toMatch(/^false-alarm\//);
    expect(rows[0]).toMatchObject({ width: 64, height: 48, versionId: alg.v1 });
    expect(await listReviewedRecords(h.app.db, { ids: [rec.b ?? 0] })).toHaveLength(1);
    expect(await listReviewedRecords(h.app.db, { ids: [] })).toHaveLength(0);
  });
});
