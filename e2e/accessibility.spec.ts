import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PASSWORD } from './support/api.ts';
import { type Session, startSession } from './support/session.ts';
import { expectPath, loginThroughForm } from './support/ui.ts';

// Accessibility (issue 17 §9): axe-core, run inside the page, finds no serious or critical
// violation on the login page, the shell with the home page, the alarm list and a form dialog, in
// both languages. Minor and moderate findings are not part of the bar.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail the test. */
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
});

const contexts: BrowserContext[] = [];

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/**
 * A page in a new browser context. The app's Content-Security-Policy forbids inline scripts, so
 * the context bypasses it for axe's script tag (the policy itself is tested in security.spec.ts).
 */
async function openPage(locale: string): Promise<Page> {
  const context = await session.browser.newContext({
    baseURL: session.server.url,
    viewport: { width: 1366, height: 768 },
    locale,
    bypassCSP: true,
  });
  contexts.push(context);
  return context.newPage();
}

/** A page signed in as admin through the login form, on the home page. */
async function loggedInPage(locale: string): Promise<Page> {
  const page = await openPage(locale);
  await page.goto('/login');
  await loginThroughForm(page, 'admin', NEW_PASSWORD);
  await expectPath(page, '/dashboard');
  return page;
}

/**
 * Waits until no CSS animation or transition runs (a fading element would be judged mid-fade);
 * endless ones (a spinner, a live dot) never end and do not count.
 */
async function settle(page: Page): Promise<void> {
  // The pointer rests where no control is: a hovered button shows its hover shade, not its own.
  await page.mouse.move(0, 0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (a) =>
                a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
            ).length,
      ),
    )
    .toBe(0);
}

/** Runs axe on the page (or inside `include`) and returns its serious and critical violations. */
async function blockingViolations(page: Page, include?: string): Promise<Finding[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (context) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script, untyped here.
    const axe = (window as any).axe;
    const result = await axe.run(context ? { include: [context] } : document, {
      resultTypes: ['violations'],
    });
    return result.violations as Finding[];
  }, include ?? null);
  return violations.filter((v) => v.impact !== null && BLOCKING.has(v.impact));
}

/** A readable list of findings for the failure message: rule, impact, and the first elements. */
function describeFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.id} (${f.impact}, ${f.nodes.length}×): ${f.help}\n` +
        f.nodes
          .slice(0, 5)
          .map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join('\n'),
    )
    .join('\n');
}

async function expectAccessible(page: Page, include?: string): Promise<void> {
  const findings = await blockingViolations(page, include);
  expect(findings.length, `${page.url()}\n${describeFindings(findings)}`).toBe(0);
}

describe.each([
  { lang: 'en-US', name: 'English' },
  { lang: 'zh-CN', name: 'Chinese' },
])('accessibility in $name (axe: no serious or critical violation)', ({ lang }) => {
  it('the login page', async () => {
    const page = await openPage(lang);
    await page.goto('/login');
    await page.getByTestId('login-captcha').waitFor();
    await expectAccessible(page);
  });

  it('the shell with the home page, its menu open', async () => {
    const page = await loggedInPage(lang);
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('dashboard-kpis').waitFor();
    await expectAccessible(page);
    // A group of the menu opened: its sub-items are links too.
    await page.getByTestId('sidebar').locator('[role="menuitem"][aria-expanded="false"]').first().click();
    await page
      .getByTestId('sidebar')
      .locator('[role="menu"] [role="menu"] [role="menuitem"]')
      .first()
      .waitFor();
    await expectAccessible(page);
  });

  it('the alarm list', async () => {
    const page = await loggedInPage(lang);
    await page.goto('/historyRecords/historyAlarm');
    await page.getByTestId('history-alarm-page').locator('tbody tr.ant-table-row').first().waitFor();
    await expectAccessible(page);
  });

  it('a form dialog (adding a sensor)', async () => {
    const page = await loggedInPage(lang);
    await page.goto('/deviceManagement/sensorSettings');
    await page.getByTestId('sensor-page').locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('sensor-add').click();
    await page.locator('#sensor_name').waitFor();
    await expectAccessible(page);
    // With the form's validation messages shown.
    await page.getByTestId('sensor-save').click();
    await page.getByTestId('sensor-drawer').locator('.ant-form-item-explain-error').first().waitFor();
    await expectAccessible(page);
  });
});
