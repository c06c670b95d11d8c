import {
  ALARM_TEMPLATES_API,
  ALARM_TEMPLATES_CHANGED,
  type AlarmItem,
  type AlarmTemplateItem,
  DEFAULT_ALARM_TEMPLATES,
  type Envelope,
  SAMPLE_ALARM_VARS,
} from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { alarmTemplate, auditLog } from '../../db/schema/index.ts';
import { backends, createAccount, createAccountWithPages, login, useTestApp } from '../../test/helpers.ts';
import { insertTestAlarm } from '../alarms/test-support.ts';
import { alarmMessage } from './index.ts';

const MAIL_EN = ALARM_TEMPLATES_API.template('mail', 'en');

describe.each(backends)('alarm templates on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let admin: string;
  let viewer: string;
  let operator: string;

  const call = async <T>(
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    token = admin,
    payload?: object,
    lang = 'en',
  ) => {
    const res = await app.inject({ method, url, headers: { token, lang }, payload });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    viewer = await login(app, await createAccountWithPages(app, ['alarmTemplates']));
    operator = await login(app, await createAccount(app, { roles: ['operator'] }));
  });

  it('lists every channel and language with the defaults; needs the page', async () => {
    const res = await call<AlarmTemplateItem[]>('GET', ALARM_TEMPLATES_API.list, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toHaveLength(4);
    expect(res.body.data).toContainEqual({
      channel: 'outbound',
      lang: 'zh-CN',
      ...DEFAULT_ALARM_TEMPLATES.outbound['zh-CN'],
      custom: false,
      updatedAt: null,
    });
    expect((await call('GET', ALARM_TEMPLATES_API.list, operator)).statusCode).toBe(403);
    const msg = await alarmMessage(app, 'mail', 'en', SAMPLE_ALARM_VARS);
    expect(msg.subject).toBe('[Urgent] No helmet at Gate camera 3');
  });

  it('saves a template (edit button), audits it, and alarmMessage uses it', async () => {
    const text = { subject: 'ALARM {{level}} / {{camera}}', body: 'Seen at {{alarmTime}} in {{plant}}' };
    expect((await call('PUT', MAIL_EN, viewer, text)).statusCode).toBe(403);
    const events: unknown[] = [];
    const off = app.bus.subscribe((e) => events.push(e));
    const saved = await call<AlarmTemplateItem>('PUT', MAIL_EN, admin, text);
    off();
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({ channel: 'mail', lang: 'en', ...text, custom: true });
    expect(events).toContainEqual(expect.objectContaining({ type: ALARM_TEMPLATES_CHANGED }));
    expect(await alarmMessage(app, 'mail', 'en', SAMPLE_ALARM_VARS)).toEqual({
      subject: 'ALARM Urgent / Gate camera 3',
      body: 'Seen at 2026-01-15 08:30:00 in Plant 1',
    });
    // the other language and channel keep their defaults
    expect((await alarmMessage(app, 'mail', 'zh-CN', SAMPLE_ALARM_VARS)).subject).toBe(
      '【Urgent】Gate camera 3 No helmet',
    );
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alarmTemplate.update'), eq(auditLog.target, 'mail:en')));
    expect(audit?.detail).toMatchObject({ before: DEFAULT_ALARM_TEMPLATES.mail.en, after: text });
  });

  it.each([
    ['en', 'Unknown placeholder: {{cameraName}}, {{foo}}'],
    ['zh-CN', '未知的占位符：{{cameraName}}, {{foo}}'],
  ])('refuses an unknown placeholder, naming it (%s)', async (lang, message) => {
    const before = await alarmMessage(app, 'outbound', 'en', SAMPLE_ALARM_VARS);
    const res = await call(
      'PUT',
      ALARM_TEMPLATES_API.template('outbound', 'en'),
      admin,
      {
        subject: '{{cameraName}}',
        body: '{{ level }} {{foo}} {{cameraName}}',
      },
      lang,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.data).toMatchObject({
      unknown: ['cameraName', 'foo'],
      fields: [
        { field: 'subject', message },
        { field: 'body', message },
      ],
    });
    expect(await alarmMessage(app, 'outbound', 'en', SAMPLE_ALARM_VARS)).toEqual(before);
  });

  it('refuses an empty subject and an unknown channel or language', async () => {
    expect((await call('PUT', MAIL_EN, admin, { subject: ' ', body: 'x' })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/v2/backend/alarmTemplates/sms/en', admin, { subject: 'a', body: 'b' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/v2/backend/alarmTemplates/mail/fr', admin, { subject: 'a', body: 'b' }))
        .statusCode,
    ).toBe(400);
  });

  it('a template saved on another instance (stored, then announced on the bus) is used after the event', async () => {
    await alarmMessage(app, 'outbound', 'zh-CN', SAMPLE_ALARM_VARS); // cached now
    await app.db
      .insert(alarmTemplate)
      .values({ channel: 'outbound', lang: 'zh-CN', subject: '主题 {{scene}}', body: '正文 {{alarmId}}' });
    await app.bus.publish({ type: ALARM_TEMPLATES_CHANGED, data: { channel: 'outbound', lang: 'zh-CN' } });
    // the bus may deliver later (Redis): poll until the new template is used
    const deadline = Date.now() + 5000;
    let message = await alarmMessage(app, 'outbound', 'zh-CN', SAMPLE_ALARM_VARS);
    while (message.body !== '正文 1024' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      message = await alarmMessage(app, 'outbound', 'zh-CN', SAMPLE_ALARM_VARS);
    }
    expect(message).toEqual({ subject: '主题 Loading bay', body: '正文 1024' });
  });

  it('reset to default removes the saved template; audited', async () => {
    const res = await call<AlarmTemplateItem>('DELETE', MAIL_EN);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      ...DEFAULT_ALARM_TEMPLATES.mail.en,
      custom: false,
      updatedAt: null,
    });
    expect((await alarmMessage(app, 'mail', 'en', SAMPLE_ALARM_VARS)).subject).toBe(
      '[Urgent] No helmet at Gate camera 3',
    );
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.action, 'alarmTemplate.reset'));
    expect(rows).toHaveLength(1);
  });

  it('answers recent alarms as preview samples', async () => {
    const row = await insertTestAlarm(app, { cameraName: 'CAM-PREVIEW', priority: 120004 });
    const res = await call<AlarmItem[]>('GET', `${ALARM_TEMPLATES_API.samples}?limit=5`, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.body.data[0]).toMatchObject({ id: row.id, cameraName: 'CAM-PREVIEW', priority: 120004 });
    expect((await call('GET', `${ALARM_TEMPLATES_API.samples}?limit=500`, viewer)).statusCode).toBe(400);
  });
});
