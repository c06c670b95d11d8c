import { createServer as createNetServer } from 'node:net';
import { EQUIPMENT_API, type MailServerSettings, type MailTestResult } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailServer } from '../../db/schema/index.ts';
import {
  backends,
  body,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';
import { sendTestMail } from './mail-test.ts';

const API = EQUIPMENT_API;

interface Received {
  from: string;
  to: string[];
  user: string;
  raw: string;
}

/** A real SMTP server on 127.0.0.1 with a random port (no STARTTLS; AUTH over the plain socket). */
async function startSmtp(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'alarm' && auth.password === 'S3cret-mail')
        return callback(null, { user: 'alarm' });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: String(session.user ?? ''),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(backends)('mail server on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let accepting: Awaited<ReturnType<typeof startSmtp>>;
  let rejecting: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb);
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    operator = await login(app, await createAccount(app, { roles: ['operator'] }));
    accepting = await startSmtp();
    rejecting = await startSmtp({
      onRcptTo(address, _session, callback) {
        const error = Object.assign(new Error(`Mailbox unavailable: ${address.address} does not exist`), {
          responseCode: 550,
        });
        callback(error);
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    await accepting?.close();
    await rejecting?.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object, lang = 'en') =>
    app.inject({ method, url, headers: { token, lang }, payload });
  const settings = (port: number) => ({
    host: '127.0.0.1',
    port,
    encrypted: false,
    username: 'alarm',
    password: 'S3cret-mail',
    fromAddress: 'sentinel@plant.example',
    testAddress: 'duty-officer@plant.example',
  });

  it('starts empty and refuses a test before anything is saved', async () => {
    const res = await call('GET', API.mail, admin);
    expect(body<MailServerSettings>(res).data).toMatchObject({
      host: '',
      passwordSet: false,
      updatedAt: null,
    });
    const test = await call('POST', API.mailTest, admin);
    expect(test.statusCode).toBe(400);
    expect(body(test).message).toBe('Please save the mail server settings first');
  });

  it('refuses bad input and operators, changing nothing', async () => {
    const bad = await call('PUT', API.mail, admin, {
      ...settings(accepting.port),
      host: 'bad host!',
      port: 0,
      testAddress: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    const fields = body<{ fields: Array<{ field: string; message: string }> }>(bad).data.fields;
    expect(Object.fromEntries(fields.map((f) => [f.field, f.message]))).toEqual({
      host: 'Please enter a correct host name or IP address',
      port: 'Please enter the correct Port',
      testAddress: 'Please enter the correct email address',
    });
    for (const res of [
      await call('GET', API.mail, operator),
      await call('PUT', API.mail, operator, settings(accepting.port)),
      await call('POST', API.mailTest, operator),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await app.db.select().from(mailServer)).toEqual([]);
  });

  it('saves the settings and never returns the password', async () => {
    const res = await call('PUT', API.mail, admin, settings(accepting.port));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('S3cret-mail');
    expect(body<MailServerSettings>(res).data).toMatchObject({ port: accepting.port, passwordSet: true });
    const read = await call('GET', API.mail, admin);
    expect(read.body).not.toContain('S3cret-mail');
    expect(body<MailServerSettings>(read).data).toMatchObject({ username: 'alarm', passwordSet: true });
    // saving again without a password keeps the stored one
    const { password: _omit, ...withoutPassword } = settings(accepting.port);
    await call('PUT', API.mail, admin, withoutPassword);
    const [row] = await app.db.select().from(mailServer);
    expect(row?.password).toBe('S3cret-mail');
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'mailServer.update'));
    expect(audits.length).toBe(2);
    expect(JSON.stringify(audits)).not.toContain('S3cret-mail');
  });

  it('sends a real test message through the configured server and reports its answer', async () => {
    const res = await call('POST', API.mailTest, admin);
    expect(res.statusCode).toBe(200);
    const answer = body<MailTestResult>(res);
    expect(answer.status).toBe(0);
    expect(answer.message).toMatch(/^Test message sent: 250 /);
    expect(answer.data.recipient).toBe('duty-officer@plant.example');
    expect(accepting.received).toHaveLength(1);
    expect(accepting.received[0]).toMatchObject({
      from: 'sentinel@plant.example',
      to: ['duty-officer@plant.example'],
      user: 'alarm',
    });
    expect(accepting.received[0]?.raw).toContain('To: duty-officer@plant.example');
    const zh = await call('POST', API.mailTest, admin, undefined, 'zh-CN');
    expect(body(zh).message).toMatch(/^测试邮件已发送: 250 /);
  });

  it("reports the server's reason when it rejects the message", async () => {
    await call('PUT', API.mail, admin, settings(rejecting.port));
    const res = await call('POST', API.mailTest, admin);
    expect(res.statusCode).toBe(502);
    const answer = body<{ reason: string }>(res);
    expect(answer.status).toBe(-502);
    expect(answer.message).toMatch(/^The test message could not be sent: 550 /);
    expect(answer.message).toContain('duty-officer@plant.example does not exist');
    expect(rejecting.received).toHaveLength(0);
  });

  it('reports a wrong password as the server refusing the login', async () => {
    await call('PUT', API.mail, admin, { ...settings(accepting.port), password: 'wrong-password' });
    const res = await call('POST', API.mailTest, admin);
    expect(res.statusCode).toBe(502);
    expect(body(res).message).toContain('Invalid username or password');
  });

  it('reports a closed port', async () => {
    const port = await closedPort();
    await call('PUT', API.mail, admin, settings(port));
    const res = await call('POST', API.mailTest, admin, undefined, 'zh-CN');
    expect(res.statusCode).toBe(502);
    expect(body(res).message).toMatch(/^测试邮件发送失败: .*ECONNREFUSED/);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'mailServer.test'));
    expect(audits.map((a) => (a.detail as { ok: boolean }).ok)).toEqual([true, true, false, false, false]);
  });
});

describe('test message timeout', () => {
  it('gives up on a server that accepts the connection but never answers', async () => {
    const silent = createNetServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = Date.now();
    const outcome = await sendTestMail(
      { host: '127.0.0.1', port, encrypted: false, username: '', password: '', fromAddress: 'a@b.example' },
      'c@d.example',
      { subject: 's', text: 't' },
      400,
    );
    silent.close();
    expect(outcome.ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
