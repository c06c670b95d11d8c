import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChangePassword, NEW_PASSWORD } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { loggedInPage } from './support/session.ts';
import { seedTrainingData, type TrainingFixture } from './support/training.ts';
import { confirmModal } from './support/ui.ts';

const LIBRARY = '/AIOpenPlatform/AlgorithmInstanceLibrary';
const env = { TRAINER_DEMO_EPOCH_MS: '400' };

let dataDir = '';
let server: RunningServer | undefined;
let browser: Browser | undefined;
let english: TrainingFixture;
let chinese: TrainingFixture;

beforeAll(async () => {
  // First life: migrate, seed, replace admin's initial password; then write the instances and
  // their frozen dataset versions into the stopped server's database; then the real run.
  dataDir = mkdtempSync(join(tmpdir(), 'sentinel-e2e-training-'));
  const first = await startServer({ dataDir, env });
  await apiChangePassword(first.url, 'admin', first.initialPasswords.admin ?? '', NEW_PASSWORD);
  await first.stop();
  english = await seedTrainingData(dataDir, 'Helmet check');
  chinese = await seedTrainingData(dataDir, '安全帽检测');
  server = await startServer({ dataDir, env });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const open = (locale: string) => {
  if (!browser || !server) throw new Error('not started');
  return loggedInPage(browser, server.url, locale);
};

/** Steps 1 and 2 through the wizard's own controls; answers on step 3. */
async function startRetraining(
  page: Page,
  fixture: TrainingFixture,
  epochs: number,
  texts: { next: string; start: string },
) {
  await page.goto(
    `${LIBRARY}/dataRetraining1/${fixture.instanceId}/${encodeURIComponent(fixture.instanceName)}/0`,
  );
  await page.getByTestId('simulated-notice').waitFor();
  await page.getByTestId('dataset-versions').locator('tbody tr').first().click();
  await page.getByRole('button', { name: texts.next }).click();
  await page.waitForURL((url) => url.pathname.includes('/dataRetraining2/'));
  await page.getByTestId('changes').waitFor();
  await page.locator('#training-epochs').fill(String(epochs));
  await page.getByRole('button', { name: texts.start }).click();
  await page.waitForURL((url) => url.pathname.includes('/dataRetraining3/'));
}

describe('retraining wizard', () => {
  it('retrains through the three steps with the built-in trainer, progress and log arriving live, then shows the new version (English)', async () => {
    const page = await open('en-US');
    await startRetraining(page, english, 6, { next: 'Next', start: 'Start training' });
    await expect.poll(() => page.getByTestId('training-state').first().innerText()).toBe('In training');
    // live: the epoch and the log move without a reload
    await expect.poll(() => page.getByTestId('training-epoch').innerText()).toMatch(/^[2-6] \/ 6$/);
    await expect.poll(() => page.getByTestId('training-log').innerText()).toContain('epoch 2/6');
    await expect
      .poll(() => page.getByTestId('training-state').first().innerText(), { timeout: 30_000 })
      .toBe('Completed');
    const result = page.getByTestId('training-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('New version v2');
    const metrics = await page.getByTestId('metrics-compare').innerText();
    expect(metrics).toContain('Live version v1');
    expect(metrics).toContain('False-positive rate');
    expect(metrics).toContain('20.0%');
    expect(await page.getByTestId('training-log').innerText()).toContain('completed: version 2');
    // the jobs table refetches on the same event: it may answer after the result panel
    await expect.poll(() => page.getByTestId('training-jobs').innerText()).toContain('v2');
    await page.context().close();
  });

  it('terminates a running training after a confirmation, keeping its log (Chinese)', async () => {
    const page = await open('zh-CN');
    await startRetraining(page, chinese, 150, { next: '下一步', start: '开始训练' });
    await expect.poll(() => page.getByTestId('training-state').first().innerText()).toBe('训练中');
    await expect.poll(() => page.getByTestId('training-log').innerText()).toContain('epoch 1/150');
    await page.getByTestId('training-terminate').click();
    await confirmModal(page);
    await expect.poll(() => page.getByTestId('training-state').first().innerText()).toBe('训练终止');
    expect(await page.getByTestId('training-log').innerText()).toContain('terminated by admin');
    expect(await page.getByTestId('training-terminate').count()).toBe(0);
    await page.context().close();
  });
});
