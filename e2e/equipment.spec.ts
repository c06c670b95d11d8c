import { ALGORITHM_API, type Envelope } from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';
import { pickOption, toastText, waitForToast } from './support/ui.ts';

let session: Session;

/** A real SMTP server for the mail test, on 127.0.0.1 with a random port. */
const received: Array<{ to: string[]; user: string }> = [];
const smtp = new SMTPServer({
  hideSTARTTLS: true,
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === 'alarm@plant.example' && auth.password === 'Mail-Pass-2024') {
      return callback(null, { user: auth.username });
    }
    return callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), user: String(session.user) });
      callback();
    });
  },
});
let smtpPort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  smtpPort = typeof address === 'object' && address ? address.port : 0;
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const loggedInPage = () => session.loggedInPage();

const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

describe('other devices, mail server and algorithms', () => {
  it('adds a sensor with a bad threshold, fixes it, and sees it after a reload', async () => {
    const page = await loggedInPage();
    await page.goto('/deviceManagement/sensorSettings');
    await page.getByTestId('sensor-page').waitFor();
    // The demo plant has nine sensors: a first page of ten shows them all.
    await expect.poll(() => rows(page, 'sensor-page').count()).toBe(9);

    await page.getByTestId('sensor-add').click();
    await page.locator('#sensor_name').fill('罐区硫化氢 E2E');
    await page.locator('#sensor_code').fill('S-E2E-01');
    await page.locator('#sensor_unit').fill('ppm');
    await page.locator('#sensor_lowThreshold').fill('20');
    await page.locator('#sensor_highThreshold').fill('10');
    await page.getByTestId('sensor-save').click();
    const drawer = page.getByTestId('sensor-drawer');
    await expect
      .poll(() => drawer.innerText())
      .toContain('The low threshold must be lower than the high threshold');

    await page.locator('#sensor_highThreshold').fill('50');
    await page.getByTestId('sensor-save').click();
    expect(await toastText(page)).toContain('Saved successfully');
    await expect.poll(() => rows(page, 'sensor-page').count()).toBe(10);

    await page.reload();
    await page.getByTestId('sensor-keyword').locator('input').fill('S-E2E');
    await page.getByTestId('sensor-keyword').locator('input').press('Enter');
    await expect.poll(() => rows(page, 'sensor-page').count()).toBe(1);
    const row = await rows(page, 'sensor-page').first().innerText();
    expect(row).toContain('罐区硫化氢 E2E');
    expect(row).toContain('20 ppm');
    expect(row).toContain('50 ppm');
    await page.context().close();
  });

  it('configures the mail server, sends a real test message, and keeps the settings after a reload', async () => {
    const page = await loggedInPage();
    await page.goto('/systemSettings/serverSettings');
    await page.getByTestId('mail-page').waitFor();
    await page.locator('#mailServer_host').waitFor();
    await page.locator('#mailServer_host').fill('127.0.0.1');
    await page.locator('#mailServer_port').fill(String(smtpPort));
    // The demo entry is an encrypted placeholder: this local server speaks plain SMTP.
    if ((await page.locator('#mailServer_encrypted').getAttribute('aria-checked')) === 'true') {
      await page.locator('#mailServer_encrypted').click();
    }
    await page.locator('#mailServer_username').fill('alarm@plant.example');
    await page.locator('#mailServer_password').fill('Mail-Pass-2024');
    await page.locator('#mailServer_fromAddress').fill('sentinel@plant.example');
    await page.locator('#mailServer_testAddress').fill('duty-officer@plant.example');
    await page.getByTestId('mail-test').click();
    const result = page.getByTestId('mail-test-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.innerText()).toMatch(/Test message sent: 250/);
    expect(received).toEqual([{ to: ['duty-officer@plant.example'], user: 'alarm@plant.example' }]);

    await page.reload();
    await page.locator('#mailServer_host').waitFor();
    await expect.poll(() => page.locator('#mailServer_host').inputValue()).toBe('127.0.0.1');
    expect(await page.locator('#mailServer_port').inputValue()).toBe(String(smtpPort));
    expect(await page.locator('#mailServer_password').inputValue()).toBe('');
    expect(await page.getByTestId('mail-page').innerText()).toContain('A password is stored.');
    await page.context().close();
  });

  it('adds an algorithm with its levels, sees it after a reload, and reads the page in Chinese', async () => {
    const page = await loggedInPage();
    await page.goto('/systemSettings/algorithmSetting');
    await page.getByTestId('algorithm-page').waitFor();
    await expect.poll(() => rows(page, 'algorithm-page').count()).toBe(10);

    await page.getByTestId('algorithm-add').click();
    await page.locator('#algorithm_name').fill('高处作业未系安全带');
    await page.locator('#algorithm_code').fill('ALG-E2E-HARNESS');
    await pickOption(page, 'algorithm-type-select', '人员安全');
    await page.locator('#algorithm_model').fill('yolov8-ppe v2.4');
    const drawer = page.getByTestId('algorithm-drawer');
    await drawer.locator('#algorithm_levels').getByLabel('Urgent').check();
    // The default level offers only the selectable ones: its Urgent is enabled once the form has
    // re-rendered with the new levels. check() waits for that (a click on the label of a disabled
    // radio did nothing, silently keeping the old default) and for the radio to be checked.
    await drawer.locator('#algorithm_defaultLevel').getByLabel('Urgent').check();
    const saved = page.waitForResponse(
      (res) => new URL(res.url()).pathname === ALGORITHM_API.create && res.request().method() === 'POST',
    );
    await page.getByTestId('algorithm-save').click();
    expect(((await (await saved).json()) as Envelope<unknown>).status).toBe(0);
    await waitForToast(page, 'Saved successfully');
    await drawer.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByTestId('algorithm-keyword').locator('input').fill('ALG-E2E');
    await page.getByTestId('algorithm-keyword').locator('input').press('Enter');
    await expect.poll(() => rows(page, 'algorithm-page').count()).toBe(1);
    const row = rows(page, 'algorithm-page').first();
    const text = await row.innerText();
    expect(text).toContain('高处作业未系安全带');
    expect(text).toContain('人员安全');
    expect(text).toMatch(/General[\s\S]*Serious[\s\S]*Urgent/);
    // The table marks the default level with a solid tag, the other selectable ones filled.
    const solidTag = async (code: number) =>
      ((await row.getByTestId(`priority-${code}`).getAttribute('class')) ?? '')
        .split(/\s+/)
        .includes('ant-tag-solid');
    expect(await row.getByTestId('priority-120001').count()).toBe(0);
    expect(await solidTag(120004)).toBe(true);
    expect(await solidTag(120002)).toBe(false);
    expect(await solidTag(120003)).toBe(false);

    // Reopened after the reload, the form shows the saved levels and default level.
    await row.getByTestId('algorithm-ALG-E2E-HARNESS-edit').click();
    await drawer.waitFor();
    await expect.poll(() => drawer.locator('#algorithm_code').inputValue()).toBe('ALG-E2E-HARNESS');
    const levels = drawer.locator('#algorithm_levels');
    const defaults = drawer.locator('#algorithm_defaultLevel');
    const checked = (group: typeof levels) =>
      Promise.all(
        ['Hint', 'General', 'Serious', 'Urgent'].map((label) => group.getByLabel(label).isChecked()),
      );
    expect(await checked(levels)).toEqual([false, true, true, true]);
    expect(await checked(defaults)).toEqual([false, false, false, true]);
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh-CN').click();
    await expect.poll(() => page.getByTestId('algorithm-page').innerText()).toContain('算法名称');
    const zh = await rows(page, 'algorithm-page').first().innerText();
    expect(zh).toMatch(/一般[\s\S]*严重[\s\S]*紧急/);
    expect(zh).toContain('已启用');
    await page.context().close();
  });
});
