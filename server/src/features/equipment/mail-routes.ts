import { mailServerBody, mailServerSettings, mailTestResult, translate } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, failureEnvelope, ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { sendTestMail } from './mail-test.ts';
import { loadMailServer, MAIL_SERVER_ID, type MailServerRow, saveMailServer } from './repo.ts';

const ACCESS = { access: { permission: 'systemServerSettings' } } as const;

/** What the API shows of the settings: never the password, only whether one is stored. */
const toSettings = (row: MailServerRow | undefined) => ({
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
  const load = () => loadMailServer(app.db);

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
      const row = await saveMailServer(app.db, values);
      await auditChange(app, request, 'mailServer.update', MAIL_SERVER_ID, {
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
      await auditChange(app, request, 'mailServer.test', MAIL_SERVER_ID, {
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
