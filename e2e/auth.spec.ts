import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PASSWORD } from './support/api.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { expectPath, loginThroughForm, toastText } from './support/ui.ts';

// One server for the whole file: the tests follow one administrator's first day in order.
let server: RunningServer;
let browser: Browser;
let page: Page;
let adminPassword = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await newPage(browser, server.url));
  adminPassword = server.initialPasswords.admin ?? '';
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('session in the browser', () => {
  it('prints an initial admin password at first start', () => {
    expect(adminPassword.length).toBeGreaterThanOrEqual(15);
  });

  it('sends a visitor without a session to login with the redirect parameter', async () => {
    await page.goto('/historyRecords/historyAlarm');
    await expectPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/historyRecords/historyAlarm');
  });

  it('refuses a wrong captcha code and keeps the user on the login page', async () => {
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(adminPassword);
    await page.getByTestId('login-code').fill('zzzz');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText('incorrect verification code').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('forces the initial password to be changed at first login', async () => {
    await loginThroughForm(page, '  admin  ', adminPassword);
    await expectPath(page, '/firstLoginChangePassword');
    // Other pages stay closed until the password is changed.
    await page.goto('/historyRecords/historyEvent');
    await expectPath(page, '/firstLoginChangePassword');

    await page.getByTestId('cp-old').fill(adminPassword);
    await page.getByTestId('cp-new').fill('onlylowercaseletters');
    await page.getByTestId('cp-confirm').fill('onlylowercaseletters');
    await page.getByTestId('cp-submit').click();
    await expect.poll(() => page.getByText('at least three of uppercase letters').count()).toBeGreaterThan(0);

    await page.getByTestId('cp-new').fill(NEW_PASSWORD);
    await page.getByTestId('cp-confirm').fill(`${NEW_PASSWORD}x`);
    await page.getByTestId('cp-submit').click();
    await expect.poll(() => page.getByText('The two passwords do not match').count()).toBeGreaterThan(0);

    await page.getByTestId('cp-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('cp-submit').click();
    expect(await toastText(page)).toContain('Password changed, please log in again.');
    await expectPath(page, '/login');
  });

  it('logs in with the new password and returns to the page asked for', async () => {
    await page.goto('/historyRecords/historyAlarm');
    await expectPath(page, '/login');
    await loginThroughForm(page, 'admin', NEW_PASSWORD);
    await expectPath(page, '/historyRecords/historyAlarm');
    await expect.poll(() => page.title()).toContain('History alarms');
    // A logged-in user who opens /login goes home.
    await page.goto('/login');
    await expectPath(page, '/dashboard');
  });

  it('shows the message of a -1 dashboard token and goes to 404', async () => {
    await page.goto('/dashboard?token=-1&message=Single%20sign-on%20refused');
    await expectPath(page, '/404');
    await page.getByTestId('error-404').waitFor();
    await expect.poll(() => page.getByText('Single sign-on refused').count()).toBeGreaterThan(0);
  });

  it('changes the password from the user menu and requires a new login', async () => {
    const next = 'Another-Strong-Pass-42';
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-change-password').click();
    await page.getByTestId('cp-old').fill(NEW_PASSWORD);
    await page.getByTestId('cp-new').fill(next);
    await page.getByTestId('cp-confirm').fill(next);
    await page.getByTestId('cp-submit').click();
    expect(await toastText(page)).toContain('Password changed, please log in again.');
    await expectPath(page, '/login');

    await loginThroughForm(page, 'admin', NEW_PASSWORD);
    await expect.poll(() => page.getByText('Incorrect account name or password').count()).toBeGreaterThan(0);
    await loginThroughForm(page, 'admin', next);
    await expectPath(page, '/dashboard');
  });

  it('logs out from the user menu and closes the session', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await expectPath(page, '/login');
    await page.goto('/dashboard');
    await expectPath(page, '/login');
  });
});
