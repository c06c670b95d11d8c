import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface ContextOptions {
  width?: number;
  height?: number;
  /** Browser language (navigator.language and Accept-Language). */
  locale?: string;
  /** Accept a self-signed certificate (the deployment test's nginx). */
  ignoreHTTPSErrors?: boolean;
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1366, height: options.height ?? 768 },
    locale: options.locale ?? 'en-US',
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
  });
  const page = await context.newPage();
  return { context, page };
}
