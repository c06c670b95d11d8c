import { mailServerBody, mailServerSettings, mailTestResult, translate } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailServer } from '../../db/schema/index.ts';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, failureEnvelope, ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { sendTestMail } from './mail-test.ts';

const MAIL_ID = 1;
const ACCESS = { access: { permission: 'systemServerSettings' } } as const;
type Row = typeof mailServer.$inferSelect;

/** What the API shows of the settings: never the password, only whether one is stored. */
const toSettings = (row: Row | undefined) => ({
  host: row?.host ?? '',
  port: row?.port ?? 25,
  encrypted: row?.encrypted ?? false,
  username: row?.username ?? '',
  passwordSet: Boolean(row?.password),
  fromAddress: row?.fromAddress ?? '',
  testAddress: row?.testAddress ?? '',
  updatedAt: row ? row.updatedAt.toISOString() : null,
});

/** The mail server (page systemServerSettings): one row of settings and a real test message. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['equipment'];
  const load = async () => {
    const [row] = await app.db.select().from(mailServer).where(eq(mailServer.id, MAIL_ID));
    return row;
  };

  app.get('/mailServer', {
    config: ACCESS,
    schema: {
      tags,
      summary: 'The mail server settings (the password is never returned)',
      response: { 200: envelopeOf(mailServerSettings) },
    },
    handler: async (request) => ok(request, toSettings(await load())),
  });

  app.put('/mailServer', {
    config: ACCESS,
    schema: {
      tags,
      summary: 'Save the mail server settings (an empty password keeps the stored one)',
      body: mailServerBody,
      response: { 200: envelopeOf(mailServerSettings) },
    },
    handler: async (request) => {
      const { password, clearPassword, ...rest } = request.body;
      const passwordChange = clearPassword ? { password: '' } : password ? { password } : {};
      const values = { ...rest, ...passwordChange, updatedAt: app.appConfig.now() };
      const [row] = await app.db
        .insert(mailServer)
        .values({ id: MAIL_ID, ...values })
        .onConflictDoUpdate({ target: mailServer.id, set: values })
        .returning();
      await auditChange(app, request, 'mailServer.update', MAIL_ID, {
        host: rest.host,
        port: rest.port,
        encrypted: rest.encrypted,
        username: rest.username,
        passwordChanged: 'password' in passwordChange,
      });
      return ok(request, toSettings(row), 'common.saved');
    },
  });

  app.post('/mailServer/test', {
    config: ACCESS,
    schema: {
      tags,
      summary:
        'Send a test message through the saved mail server to its test address; answers the server reply (502 when it fails)',
      response: { 200: envelopeOf(mailTestResult), 502: failureEnvelope },
    },
    handler: async (request, reply) => {
      const row = await load();
      if (!row?.host || !row.testAddress || !row.fromAddress) throw badRequest('mail.notConfigured');
      const appName = app.appConfig.appName;
      const outcome = await sendTestMail(row, row.testAddress, {
        subject: `${appName}: test message / 测试邮件`,
        text: `This is a test message from ${appName}: the mail server settings work.\n\n这是一封来自 ${appName} 的测试邮件：邮件服务器设置可用。`,
      });
      await auditChange(app, request, 'mailServer.test', MAIL_ID, {
        host: row.host,
        port: row.port,
        to: row.testAddress,
        ok: outcome.ok,
        answer: outcome.ok ? outcome.response : outcome.reason,
      });
      if (!outcome.ok) {
        return reply.code(502).send({
          status: -502,
          message: `${translate('mail.testFailed', request.lang)}: ${outcome.reason}`,
          data: { reason: outcome.reason },
        });
      }
      return {
        status: 0,
        message: `${translate('mail.testSent', request.lang)}: ${outcome.response}`,
        data: { response: outcome.response, recipient: row.testAddress },
      };
    },
  });
};
