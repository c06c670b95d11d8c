import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { TEST_CAPTCHA } from './server.ts';

/** Fills the login form like a user: account, password, the captcha code, then Enter. */
export async function loginThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('login-captcha').waitFor();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-code').fill(TEST_CAPTCHA);
  await page.getByTestId('login-submit').click();
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe(path);
}

/** Text of the visible antd toast messages. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('.ant-message-notice').last();
  await toast.waitFor({ timeout: 10_000 });
  return (await toast.innerText()).trim();
}
