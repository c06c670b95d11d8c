import {
  type AlarmAnalysis,
  ANALYSIS_API,
  EQUIPMENT_API,
  REPORT_SENDING_API,
  REPORT_SENDING_FAILED_EVENT,
  type ReportDefinitionInput,
  type ReportDefinitionItem,
  type ReportPreview,
  type ReportRecordItem,
  type ReportRecordList,
} from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import {
  backends,
  body,
  buildTestApp,
  createAccount,
  createAccountWithPages,
  createTestDatabase,
  limitToScenes,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';
import { createTestRefs, insertTestAlarm, type TestRefs } from '../alarms/test-support.ts';
import { readMail, readXlsx, startSmtp } from './test-support.ts';

const API = REPORT_SENDING_API;
const H = 3_600_000;
const NOW = Date.parse('2025-03-10T12:00:00Z');

/** Polls until `check` answers a value (no fixed sleeps as synchronisation). */
async function until<T>(check: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(backends)('report sending on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let admin: string;
  let refs: TestRefs;
  let accepting: Awaited<ReturnType<typeof startSmtp>>;
  let rejecting: Awaited<ReturnType<typeof startSmtp>>;
  // The app's clock runs from NOW (retries are due a few milliseconds later); `shift` jumps it.
  const clock = { offset: NOW - Date.now(), shift: 0 };
  const now = () => Date.now() + clock.offset + clock.shift;
  const events: BusEvent[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb, {
      now: () => new Date(now()),
      reports: { retryMs: 20, attempts: 3, pollMs: 20 },
      // The clock jumps a day ahead in the plan task test: sessions outlive it.
      sessionIdleMs: 30 * 24 * H,
      sessionAbsoluteMs: 30 * 24 * H,
    });
    app.bus.subscribe((event) => events.push(event));
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    refs = await createTestRefs(app);
    // Five alarms of plant A in the last day, one of plant B, one a week ago.
    for (let i = 1; i <= 5; i++) {
      await insertTestAlarm(app, {
        alarmTime: new Date(NOW - i * H),
        sceneId: refs.sceneA,
        areaId: refs.areaA,
        factoryId: refs.factoryA,
        algorithmId: refs.algoA,
        priority: i % 2 ? 120004 : 120002,
      });
    }
    await insertTestAlarm(app, {
      alarmTime: new Date(NOW - 2 * H),
      sceneId: refs.sceneB,
      areaId: refs.areaB,
      factoryId: refs.factoryB,
    });
    await insertTestAlarm(app, {
      alarmTime: new Date(NOW - 7 * 24 * H),
      sceneId: refs.sceneB,
      areaId: refs.areaB,
      factoryId: refs.factoryB,
    });
    accepting = await startSmtp();
    rejecting = await startSmtp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    await accepting?.close();
    await rejecting?.close();
  });

  const call = <T>(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    lang = 'en',
    token = admin,
  ) =>
    app
      .inject({ method, url, headers: { token, lang }, payload })
      .then((res) => ({ res, body: body<T>(res) }));
  const useMailServer = async (port: number) => {
    const { res } = await call('PUT', EQUIPMENT_API.mail, {
      host: '127.0.0.1',
      port,
      encrypted: false,
      username: '',
      fromAddress: 'sentinel@plant.example',
      testAddress: 'duty@plant.example',
    });
    expect(res.statusCode).toBe(200);
  };
  const definition = (extra: Partial<ReportDefinitionInput> = {}): ReportDefinitionInput => ({
    name: 'Night report',
    contents: ['alarmSummary', 'jobSafety', 'handlingEfficiency'],
    scope: { factoryIds: [refs.factoryA] },
    frequency: 'daily',
    timeOfDay: '07:00',
    recipients: [
      { address: 'manager@plant.example', lang: 'en' },
      { address: 'anquan@plant.example', lang: 'zh-CN' },
    ],
    ...extra,
  });
  const create = async (extra: Partial<ReportDefinitionInput> = {}) => {
    const { res, body: b } = await call<ReportDefinitionItem>('POST', API.add, definition(extra));
    expect(res.statusCode, b.message).toBe(200);
    return b.data;
  };
  const records = async (query: object = {}) =>
    (await call<ReportRecordList>('POST', API.records, { page: 1, limit: 50, ...query })).body.data;
  const settled = (id: number) =>
    until(async () => (await records()).list.find((r) => r.id === id && r.outcome !== 'pending'));
  /** The audit notices of a failed record (written just after the record ends: polled). */
  const noticesOf = async (recordId: number) => {
    const read = () =>
      app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'reportSending.failed'), eq(auditLog.target, String(recordId))));
    await until(async () => (await read()).length > 0);
    return read();
  };
  const sendNow = async (id: number) => {
    const { res, body: b } = await call<ReportRecordItem>('POST', API.send(id));
    expect(res.statusCode, b.message).toBe(200);
    expect(b.data.outcome).toBe('pending');
    return b.data;
  };

  it('records "no mail server configured" when none is set, with the admins\' notice', async () => {
    const def = await create({ name: 'Before mail' });
    const record = await settled((await sendNow(def.id)).id);
    expect(record).toMatchObject({ outcome: 'failed', reason: 'noMailServer', size: 0 });
    const notices = await noticesOf(record.id);
    expect(notices).toHaveLength(1);
    await until(async () => events.some((e) => e.type === REPORT_SENDING_FAILED_EVENT));
  });

  it('sends the report in each recipient language with an xlsx holding the analysis figures', async () => {
    await useMailServer(accepting.port);
    const def = await create();
    const before = accepting.received.length;
    const record = await settled((await sendNow(def.id)).id);
    expect(record.outcome, record.answer).toBe('sent');
    expect(record.answer).toMatch(/250/);
    expect(record.size).toBeGreaterThan(1000);
    expect(record.recipients).toHaveLength(2);
    expect(Date.parse(record.rangeEnd) - Date.parse(record.rangeStart)).toBe(24 * H);
    expect(Date.parse(record.rangeEnd)).toBeGreaterThanOrEqual(NOW);
    const mails = accepting.received.slice(before);
    expect(mails).toHaveLength(2);
    const en = mails.find((m) => m.to.includes('manager@plant.example'));
    const zh = mails.find((m) => m.to.includes('anquan@plant.example'));
    if (!en || !zh) throw new Error('a language is missing');
    const enMail = readMail(en.raw);
    const zhMail = readMail(zh.raw);
    expect(enMail.subject).toContain('report: Night report');
    expect(enMail.text).toContain('Total alarms: 5');
    expect(enMail.html).toContain('Alarm summary');
    expect(zhMail.subject).toContain('报表：Night report');
    expect(zhMail.text).toContain('报警总数: 5');
    expect(zhMail.html).toContain('报警汇总');
    // one stable Message-ID per record and language: a re-send after a crash is the same message
    expect(enMail.messageId).toBe(`<report-${record.id}-en@plant.example>`);
    expect(zhMail.messageId).toBe(`<report-${record.id}-zh-CN@plant.example>`);

    // The workbook's figure is the alarm analysis' own number for the same plant and range.
    const analysis = await call<AlarmAnalysis>('POST', ANALYSIS_API.alarm, {
      startTime: record.rangeStart,
      endTime: record.rangeEnd,
      factoryId: refs.factoryA,
    });
    expect(analysis.body.data.total).toBe(5);
    if (!enMail.xlsx || !zhMail.xlsx) throw new Error('no attachment');
    const sheets = await readXlsx(enMail.xlsx);
    const rows = [...sheets.values()].flat();
    expect(rows.find((r) => r[0] === 'Total alarms')?.[1]).toBe(analysis.body.data.total);
    const urgent = analysis.body.data.byLevel.find((l) => l.priority === 120004)?.count;
    expect(rows.find((r) => r[0] === 'Urgent')?.[1]).toBe(urgent);
    const zhRows = [...(await readXlsx(zhMail.xlsx)).values()].flat();
    expect(zhRows.find((r) => r[0] === '报警总数')?.[1]).toBe(analysis.body.data.total);
  });

  it('previews the mail in both languages without sending', async () => {
    const before = accepting.received.length;
    const { res, body: b } = await call<ReportPreview>('POST', API.preview, definition());
    expect(res.statusCode).toBe(200);
    expect(b.data.totalAlarms).toBe(5);
    expect(b.data.messages.map((m) => m.lang)).toEqual(['en', 'zh-CN']);
    expect(b.data.messages[1]?.html).toContain('报警总数');
    expect(b.data.messages[0]?.attachment.size).toBeGreaterThan(1000);
    expect(accepting.received.length).toBe(before);
  });

  it('skips a report with no alarms in range when told so, and says why', async () => {
    const def = await create({
      name: 'Quiet scene',
      scope: { sceneIds: [refs.sceneB] },
      frequency: 'hour',
      skipWhenNoAlarms: true,
    });
    const record = await settled((await sendNow(def.id)).id);
    expect(record).toMatchObject({ outcome: 'skipped', reason: 'noAlarms', size: 0 });
  });

  it('retries a failing mail server with backoff, then fails with the notice', async () => {
    await useMailServer(rejecting.port);
    const def = await create({ name: 'Busy server' });
    const before = rejecting.attempts();
    const record = await settled((await sendNow(def.id)).id);
    expect(record.outcome).toBe('failed');
    expect(record.reason).toBe('smtp');
    expect(record.attempts).toBe(3);
    expect(record.answer).toMatch(/451/);
    // Each attempt sends the English and the Chinese message: both refused, three times.
    expect(rejecting.attempts() - before).toBe(6);
    const notices = await noticesOf(record.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.detail).toMatchObject({ definitionName: 'Busy server', reason: 'smtp' });
    // The realtime notice (through Redis on PostgreSQL: it arrives a moment later).
    const isNotice = (e: BusEvent) =>
      e.type === REPORT_SENDING_FAILED_EVENT && (e.data as { recordId: number }).recordId === record.id;
    await until(async () => events.some(isNotice));
    expect(events.filter(isNotice)).toHaveLength(1);

    // Resend once the server works: a new record with the same range, sent.
    await useMailServer(accepting.port);
    const { body: again } = await call<ReportRecordItem>('POST', API.resend(record.id));
    expect(again.data).toMatchObject({
      trigger: 'resend',
      resendOf: record.id,
      rangeStart: record.rangeStart,
    });
    expect((await settled(again.data.id)).outcome).toBe('sent');
    expect((await records({ outcome: 'failed' })).list.every((r) => r.outcome === 'failed')).toBe(true);
  });

  it('the plan task sends a due report once', async () => {
    await useMailServer(accepting.port);
    const def = await create({
      name: "Seven o'clock",
      recipients: [{ address: 'seven@plant.example', lang: 'zh-CN' }],
    });
    expect(def.nextDueAt).not.toBeNull();
    const due = Date.parse(def.nextDueAt ?? '');
    expect(due).toBeGreaterThan(NOW);
    const run = async () => {
      const started = await app.planTasks.runNow('reportSending');
      if (!started) throw new Error('plan task not started');
      await started.done;
    };
    await run();
    expect((await records({ definitionId: def.id })).count).toBe(0);
    // The app's clock passes the due time (and stays there until the queued send has run).
    clock.shift = due + 60_000 - now();
    try {
      // The scheduled run and two more passes at once (as instances racing past the plan task's
      // own claim): the conditional UPDATE of next_due_at lets one send through per due time.
      const task = app.planTasks.definition('reportSending');
      if (!task) throw new Error('reportSending is not registered');
      const signal = new AbortController().signal;
      const passes = await Promise.all([task.run(signal), task.run(signal), run()]);
      expect(passes).toHaveLength(3);
      await run();
      const list = (await records({ definitionId: def.id })).list;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ trigger: 'schedule', rangeEnd: new Date(due).toISOString() });
      expect(Date.parse(list[0]?.rangeEnd ?? '') - Date.parse(list[0]?.rangeStart ?? '')).toBe(24 * H);
      const sent = await settled(list[0]?.id ?? 0);
      expect(sent.outcome).toBe('sent');
    } finally {
      clock.shift = 0;
    }
    expect((await records({ definitionId: def.id })).count).toBe(1);
    expect(accepting.received.filter((m) => m.to.includes('seven@plant.example'))).toHaveLength(1);
  });

  it("answers 400 for bad input in the caller's language", async () => {
    const bad = { ...definition(), recipients: [], frequency: 'interval', contents: ['plantAreas'] };
    const en = await call<{ fields: { field: string; message: string }[] }>('POST', API.add, bad, 'en');
    expect(en.res.statusCode).toBe(400);
    const byField = Object.fromEntries(en.body.data.fields.map((f) => [f.field, f.message]));
    expect(byField).toMatchObject({
      recipients: 'Add at least one recipient',
      intervalMinutes: 'Enter the interval in minutes',
      plantId: 'Choose the plant',
    });
    const zh = await call<{ fields: { field: string; message: string }[] }>('POST', API.add, bad, 'zh-CN');
    expect(zh.res.statusCode).toBe(400);
    expect(Object.fromEntries(zh.body.data.fields.map((f) => [f.field, f.message]))).toMatchObject({
      recipients: '请至少添加一个收件人',
      plantId: '请选择厂区',
    });
    const unknown = await call('POST', API.add, definition({ scope: { sceneIds: [999_999] } }), 'zh-CN');
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.body.message).toBe('范围中的厂区、区域或场景不存在');
    const missing = await call('POST', API.send(999_999));
    expect(missing.res.statusCode).toBe(404);
  });

  it('lets an account limited to some scenes report only on its own scenes, in both languages', async () => {
    const limited = await createAccountWithPages(app, ['reportSending']);
    await limitToScenes(app, admin, limited.id, [refs.sceneA]);
    const token = await login(app, limited);
    for (const scope of [{}, { factoryIds: [refs.factoryA] }, { sceneIds: [refs.sceneA, refs.sceneB] }]) {
      for (const url of [API.add, API.preview]) {
        const refused = await call('POST', url, definition({ scope }), 'zh-CN', token);
        expect(refused.res.statusCode).toBe(400);
        expect(refused.body.message).toBe('只能对您有权查看的场景设置报表，请逐个选择场景');
      }
    }
    const english = await call('POST', API.preview, definition({ scope: {} }), 'en', token);
    expect(english.body.message).toBe('You may only report on scenes you can see: choose them one by one');
    const own = await call<ReportDefinitionItem>(
      'POST',
      API.add,
      definition({ name: 'Scene A only', scope: { sceneIds: [refs.sceneA] } }),
      'en',
      token,
    );
    expect(own.res.statusCode).toBe(200);
    // Nor may it widen a definition another account made.
    const edited = await call('PUT', API.one(own.body.data.id), definition({ scope: {} }), 'en', token);
    expect(edited.res.statusCode).toBe(400);
  });

  it('answers 403 without the page, and lets the plant data report page in', async () => {
    const outsider = await login(app, await createAccountWithPages(app, ['collieryInfo']));
    for (const [method, url] of [
      ['POST', API.list],
      ['POST', API.records],
      ['POST', API.add],
    ] as const) {
      const { res } = await call(method, url, { page: 1, limit: 10 }, 'en', outsider);
      expect(res.statusCode).toBe(403);
    }
    const plantPage = await login(app, await createAccountWithPages(app, ['plantDataReport']));
    const plantReport = await call<ReportDefinitionItem>(
      'POST',
      API.add,
      definition({ name: 'Plant A daily', contents: ['plantAreas'], plantId: refs.factoryA, scope: {} }),
      'en',
      plantPage,
    );
    expect(plantReport.res.statusCode).toBe(200);
    const listed = await call<{ list: ReportDefinitionItem[] }>(
      'POST',
      API.list,
      { page: 1, limit: 50, plantReport: true },
      'en',
      plantPage,
    );
    expect(listed.body.data.list.map((d) => d.name)).toEqual(['Plant A daily']);
    expect(listed.body.data.list[0]?.plantName).not.toBe('');
    const preview = await call<ReportPreview>(
      'POST',
      API.preview,
      definition({ contents: ['plantAreas'], plantId: refs.factoryA, scope: {} }),
      'en',
      plantPage,
    );
    expect(preview.body.data.messages[0]?.text).toContain('区域A: 5');
  });
});
