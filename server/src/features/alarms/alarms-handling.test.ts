import { type AlarmBatchResult, type AlarmDetail, type AlarmItem, translate } from '@sentinel/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmAction, alarmRollup, auditLog } from '../../db/schema/index.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { backends } from '../../test/helpers.ts';
import { type AlarmsHarness, alarmsHarness, insertTestAlarm } from './test-support.ts';

const P = '/api/v2/backend/videoAlarmRecord';

describe.each(backends)('alarm handling on %s', (backend) => {
  let h: AlarmsHarness;
  const events: BusEvent[] = [];

  beforeAll(async () => {
    h = await alarmsHarness(backend);
    h.app.bus.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    await h?.close();
  });

  const alarm = (state = 1, extra: Parameters<typeof insertTestAlarm>[1] = {}) =>
    insertTestAlarm(h.app, { alarmState: state, ...extra });
  const detail = async (id: number) => (await h.call<AlarmDetail>('GET', `${P}/${id}`)).body.data;
  const rollupTotal = async (state: number) => {
    const [row] = await h.app.db
      .select({ n: sql<string>`coalesce(sum(${alarmRollup.count}), 0)` })
      .from(alarmRollup)
      .where(eq(alarmRollup.alarmState, state));
    return Number(row?.n ?? 0);
  };
  const realTotal = async (state: number) => {
    const rows = await h.app.db.execute(
      sql`select count(*)::int as n from video_alarm where alarm_state = ${state}`,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows) as { n: number }[];
    return Number(list[0]?.n ?? 0);
  };

  it('deal: pending → processed with handler, comment, version + 1, timeline, audit and alarm.updated', async () => {
    const a = await alarm();
    events.length = 0;
    const res = await h.call<AlarmItem>(
      'POST',
      `${P}/deal`,
      { id: a.id, comment: '  已通知班组  ' },
      { lang: 'zh-CN' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(0);
    expect(res.body.message).toBe(translate('common.ok', 'zh-CN'));
    expect(res.body.data).toMatchObject({ id: a.id, alarmState: 2, stateComments: '已通知班组', version: 1 });
    expect(res.body.data.handler).not.toBe('');
    expect(res.body.data.handleTime).not.toBeNull();
    const d = await detail(a.id);
    expect(d.timeline.map((t) => [t.action, t.fromState, t.toState, t.comment])).toEqual([
      ['ingest', null, 1, ''],
      ['deal', 1, 2, '已通知班组'],
    ]);
    expect(d.timeline[1]?.accountName).toBe(res.body.data.handler);
    expect(events.filter((e) => e.type === 'alarm.updated').map((e) => (e.data as AlarmItem).id)).toEqual([
      a.id,
    ]);
    const audits = await h.app.db.select().from(auditLog).where(eq(auditLog.action, 'alarm.deal'));
    expect(audits.some((row) => row.target === String(a.id))).toBe(true);
  });

  it('deal on a processed alarm → 409 alarm.notAllowed with the current alarm, nothing changed', async () => {
    const a = await alarm(2);
    const res = await h.call<{ alarm: AlarmItem }>('POST', `${P}/deal`, { id: a.id }, { lang: 'zh-CN' });
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe(translate('alarm.notAllowed', 'zh-CN'));
    expect(res.body.data.alarm).toMatchObject({ id: a.id, alarmState: 2, version: 0 });
    expect((await detail(a.id)).timeline).toHaveLength(1);
  });

  it('version mismatch → 409 alarm.stateChanged; matching version succeeds', async () => {
    const a = await alarm();
    const stale = await h.call<{ alarm: AlarmItem }>('POST', `${P}/deal`, { id: a.id, version: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.body.message).toBe(translate('alarm.stateChanged', 'en'));
    expect(stale.body.data.alarm.alarmState).toBe(1);
    const fresh = await h.call<AlarmItem>('POST', `${P}/deal`, { id: a.id, version: 0 });
    expect(fresh.statusCode).toBe(200);
  });

  it('comment of 101 characters → 400 with the SPEC message; 100 is fine', async () => {
    const a = await alarm();
    const res = await h.call('POST', `${P}/deal`, { id: a.id, comment: 'x'.repeat(101) }, { lang: 'zh-CN' });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toContain('处理结果，100字以内');
    expect((await detail(a.id)).alarmState).toBe(1);
    expect((await h.call('POST', `${P}/deal`, { id: a.id, comment: 'x'.repeat(100) })).statusCode).toBe(200);
  });

  it('unknown ids → 404 for detail and every action', async () => {
    const id = 999_999;
    expect((await h.call('GET', `${P}/${id}`)).statusCode).toBe(404);
    expect((await h.call('POST', `${P}/deal`, { id })).statusCode).toBe(404);
    expect((await h.call('POST', `${P}/cancel/${id}`)).statusCode).toBe(404);
    expect((await h.call('POST', `${P}/approve`, { id })).statusCode).toBe(404);
    expect((await h.call('POST', `${P}/noApprove`, { id })).statusCode).toBe(404);
  });

  it('cancel: pending or awaiting approval → cancelled (false positive), message 标记成功; cancelled → 409', async () => {
    for (const state of [1, 4]) {
      const a = await alarm(state);
      const res = await h.call<{ success: boolean; alarm: AlarmItem }>(
        'POST',
        `${P}/cancel/${a.id}`,
        undefined,
        {
          lang: 'zh-CN',
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.body.message).toBe('标记成功');
      expect(res.body.data.success).toBe(true);
      expect(res.body.data.alarm).toMatchObject({ alarmState: 3, falsePositive: true, version: 1 });
      const again = await h.call<{ alarm: AlarmItem }>('POST', `${P}/cancel/${a.id}`, {});
      expect(again.statusCode).toBe(409);
      expect(again.body.data.alarm.alarmState).toBe(3);
    }
    const processed = await alarm(2);
    expect((await h.call('POST', `${P}/cancel/${processed.id}`)).statusCode).toBe(409);
  });

  it('approve: 4 → 2 with approver (确定成功); on 1 → 409; noApprove revokes (撤销成功); not approved → 409', async () => {
    const pending = await alarm(1);
    const onPending = await h.call<{ alarm: AlarmItem }>('POST', `${P}/approve`, { id: pending.id });
    expect(onPending.statusCode).toBe(409);
    expect(onPending.body.data.alarm.alarmState).toBe(1);

    const a = await alarm(4);
    const approved = await h.call<AlarmItem>('POST', `${P}/approve`, { id: a.id }, { lang: 'zh-CN' });
    expect(approved.statusCode).toBe(200);
    expect(approved.body.message).toBe('确定成功');
    expect(approved.body.data).toMatchObject({ alarmState: 2, version: 1 });
    expect(approved.body.data.approver).not.toBe('');
    expect(approved.body.data.approveTime).not.toBeNull();

    const revoked = await h.call<AlarmItem>('POST', `${P}/noApprove`, { id: a.id }, { lang: 'zh-CN' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body.message).toBe('撤销成功');
    expect(revoked.body.data).toMatchObject({
      alarmState: 4,
      approver: '',
      approveTime: null,
      approverId: null,
    });
    expect((await h.call('POST', `${P}/noApprove`, { id: a.id })).statusCode).toBe(409);

    // processed by deal (no approval) cannot be "revoked"
    const dealt = await alarm(1);
    await h.call('POST', `${P}/deal`, { id: dealt.id });
    expect((await h.call('POST', `${P}/noApprove`, { id: dealt.id })).statusCode).toBe(409);
    expect((await detail(a.id)).timeline.map((t) => t.action)).toEqual(['ingest', 'approve', 'noApprove']);
  });

  it('two deals at once: exactly one 200 and one 409, one timeline row, rollup moved once', async () => {
    const a = await alarm(1);
    const before1 = await rollupTotal(1);
    const before2 = await rollupTotal(2);
    const results = await Promise.all([
      h.call('POST', `${P}/deal`, { id: a.id, comment: 'first' }),
      h.call('POST', `${P}/deal`, { id: a.id, comment: 'second' }, { token: h.operator }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const actions = await h.app.db.select().from(alarmAction).where(eq(alarmAction.alarmId, a.id));
    expect(actions.filter((r) => r.action === 'deal')).toHaveLength(1);
    expect(await rollupTotal(1)).toBe(before1 - 1);
    expect(await rollupTotal(2)).toBe(before2 + 1);
    expect((await detail(a.id)).version).toBe(1);
  });

  it('permissions: operator may deal and cancel but not approve; an account without codes gets 403', async () => {
    const a = await alarm(4);
    expect((await h.call('POST', `${P}/approve`, { id: a.id }, { token: h.operator })).statusCode).toBe(403);
    expect((await h.call('POST', `${P}/noApprove`, { id: a.id }, { token: h.operator })).statusCode).toBe(
      403,
    );
    const b = await alarm(1);
    expect((await h.call('POST', `${P}/deal`, { id: b.id }, { token: h.nobody })).statusCode).toBe(403);
    expect((await h.call('POST', `${P}/cancel/${b.id}`, {}, { token: h.nobody })).statusCode).toBe(403);
    expect(
      (await h.call('POST', `${P}/updateOrFilter`, { ids: [b.id], action: 'deal' }, { token: h.nobody }))
        .statusCode,
    ).toBe(403);
    expect((await detail(b.id)).alarmState).toBe(1);
    expect((await h.call('POST', `${P}/deal`, { id: b.id }, { token: h.operator })).statusCode).toBe(200);
    expect((await h.call('POST', `${P}/cancel/${a.id}`, {}, { token: h.operator })).statusCode).toBe(200);
    expect((await h.call('POST', `${P}/deal`, { id: 1 })).statusCode).not.toBe(401);
    const anonymous = await h.app.inject({ method: 'POST', url: `${P}/deal`, payload: { id: b.id } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('batch: each id handled on its own (ok, 409, 404), ≤ 100 ids', async () => {
    const a = await alarm(1);
    const b = await alarm(2);
    const c = await alarm(4);
    const res = await h.call<AlarmBatchResult>('POST', `${P}/updateOrFilter`, {
      ids: [a.id, b.id, 999_998, c.id],
      action: 'cancel',
    });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.body.data.list.map((o) => [o.id, o]));
    expect(byId.get(a.id)).toMatchObject({ ok: true, alarm: { alarmState: 3, falsePositive: true } });
    expect(byId.get(b.id)).toMatchObject({ ok: false, alarm: { alarmState: 2 } });
    expect(byId.get(999_998)).toMatchObject({ ok: false });
    expect(byId.get(c.id)).toMatchObject({ ok: true, alarm: { alarmState: 3 } });
    const d = await alarm(1);
    const dealt = await h.call<AlarmBatchResult>('POST', `${P}/updateOrFilter`, {
      ids: [d.id],
      action: 'deal',
      comment: 'batch',
    });
    expect(dealt.body.data.list[0]).toMatchObject({
      ok: true,
      alarm: { alarmState: 2, stateComments: 'batch' },
    });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await h.call('POST', `${P}/updateOrFilter`, { ids: tooMany, action: 'deal' })).statusCode).toBe(
      400,
    );
  });

  it('rollup totals equal the real counts after a series of transitions', async () => {
    for (const state of [1, 2, 3, 4]) {
      expect(await rollupTotal(state)).toBe(await realTotal(state));
    }
    const approveCount = await h.call<number>('GET', `${P}/approve/count`);
    expect(approveCount.body.data).toBe(await realTotal(4));
  });
});
