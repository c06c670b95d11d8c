import { EQUIPMENT_API } from '@sentinel/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';

/** A real SMTP server the reports are sent to, on 127.0.0.1 with a random port. */
const received: Array<{ to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  hideSTARTTLS: true,
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let session: Session;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  session = await startSession();
  await session.api(EQUIPMENT_API.mail, {
    method: 'PUT',
    body: {
      host: '127.0.0.1',
      port,
      encrypted: false,
      username: '',
      clearPassword: true,
      fromAddress: 'sentinel@plant.example',
      testAddress: 'duty@plant.example',
    },
  });
}, 180_000);

afterAll(async () => {
  await session?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) =>
  expect.poll(read, { timeout, interval: 250 });

const LANGS = [
  {
    lang: 'en-US',
    name: 'Morning report',
    address: 'manager@plant.example',
    recipientLang: 'English',
    subject: 'report: Morning report',
    zhSubject: '报表：Morning report',
    sent: 'Sent',
    resend: 'Resend',
  },
  {
    lang: 'zh-CN',
    name: '早班报表',
    address: 'anquan@plant.example',
    recipientLang: '中文',
    subject: 'report: 早班报表',
    zhSubject: '报表：早班报表',
    sent: '已发送',
    resend: '重新发送',
  },
];

describe('system settings: report sending', () => {
  it.each(LANGS)(
    'creates a report, previews it, sends it now, sees the record and resends it ($lang)',
    async (l) => {
      const page = await session.loggedInPage(l.lang);
      await page.goto('/systemSettings/reportSending');
      await page.getByTestId('report-definition-add').click();
      const drawer = page.getByTestId('report-definition-drawer');
      await page.getByTestId('report-definition-name').fill(l.name);
      await page.getByTestId('report-definition-recipient-0-address').fill(l.address);
      await page.getByTestId('report-definition-recipient-0-lang').click();
      await page.locator('.ant-select-item-option', { hasText: l.recipientLang }).last().click();
      await drawer.getByTestId('report-definition-save').click();
      await drawer.waitFor({ state: 'hidden' });
      const row = page.getByTestId('report-definition-table').locator('tr', { hasText: l.name });
      await row.waitFor();

      // Preview: the rendered mail in both languages.
      await row.locator('[data-testid$="-preview"]').click();
      const preview = page.getByTestId('report-preview');
      await poll(() => preview.getByTestId('report-preview-en-subject').innerText()).toContain(l.subject);
      await page.getByRole('tab', { name: /中文|Chinese/ }).click();
      await poll(() => preview.getByTestId('report-preview-zh-CN-subject').innerText()).toContain(
        l.zhSubject,
      );
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'hidden' });

      // Send now: the message reaches the SMTP server.
      const before = received.length;
      await row.locator('[data-testid$="-send"]').click();
      await poll(() => received.filter((m) => m.to.includes(l.address)).length).toBeGreaterThan(0);
      expect(received.length).toBe(before + 1);

      // The record: sent, with the server's answer; resend makes a second message and record.
      await page.getByTestId('report-records-link').click();
      const records = page.getByTestId('report-record-table');
      const first = records.locator('tr', { hasText: l.name }).first();
      await poll(() => first.innerText()).toContain(l.sent);
      expect(await first.innerText()).toContain('250');
      await first.locator('[data-testid$="-resend"]').click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await poll(() => received.filter((m) => m.to.includes(l.address)).length).toBe(2);
      await poll(() => records.locator('tr', { hasText: l.name }).count()).toBe(2);
      await poll(() => records.locator('tr', { hasText: l.name }).first().innerText()).toContain(l.resend);
      await poll(() => records.locator('tr', { hasText: l.name }).first().innerText()).toContain(l.sent);
      await page.close();
    },
  );
});
