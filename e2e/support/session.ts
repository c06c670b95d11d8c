import type { Browser, Page } from 'playwright-core';
import { type ApiClient, apiChangePassword, apiClient, apiLogin, NEW_PASSWORD } from './api.ts';
import { type ContextOptions, launchBrowser, newPage } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { COLD_PAGE_TIMEOUT, expectPath, loginAccepted } from './ui.ts';

/** What most browser specs start with: the real server, a browser, and admin signed in by API. */
export interface Session {
  server: RunningServer;
  browser: Browser;
  /** admin's token (password already changed to NEW_PASSWORD). */
  token: string;
  api: ApiClient;
  /**
   * A new browser context signed in as admin through the login form, on the dashboard; a string
   * is the browser language (default en-US).
   */
  loggedInPage(options?: string | ContextOptions): Promise<Page>;
  stop(): Promise<void>;
}

/** Starts the server and the browser, replaces admin's initial password and logs in by API. */
export async function startSession(): Promise<Session> {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
    const token = await apiLogin(server.url, 'admin', NEW_PASSWORD);
    const opened = browser;
    return {
      server,
      browser: opened,
      token,
      api: apiClient(server.url, token),
      loggedInPage: (options) => loggedInPage(opened, server.url, options),
      async stop() {
        await opened.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/** Opens a new context and signs in as admin through the form (NEW_PASSWORD), on the dashboard. */
export async function loggedInPage(
  browser: Browser,
  baseURL: string,
  options: string | ContextOptions = {},
): Promise<Page> {
  const { page } = await newPage(
    browser,
    baseURL,
    typeof options === 'string' ? { locale: options } : options,
  );
  await page.goto('/login');
  // The sign-in answered first, then the dashboard with the time a cold lazy load takes.
  await loginAccepted(page, 'admin', NEW_PASSWORD);
  await expectPath(page, '/dashboard', COLD_PAGE_TIMEOUT);
  return page;
}
