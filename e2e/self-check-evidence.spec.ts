import { type MatrixResult, RUN_EVIDENCE_API } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowReporter } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
  // A fresh alarm of the first demo algorithm on CAM-001, so some cell has a count to compare.
  const report = await nowReporter(session.server.url, session.api, {
    engineName: `E2E evidence ${Date.now()}`,
    eventPrefix: 'e2e-evidence',
    background: '#33aa55',
  });
  await report(120002);
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const LANGS = [
  { lang: 'en-US', legend: 'camera offline now', alarms: 'Alarms in range' },
  { lang: 'zh-CN', legend: '摄像机当前离线', alarms: '范围内报警数' },
];

describe('scene camera algorithm matrix and alarm run log', () => {
  it.each(LANGS)(
    'shows coloured cells; a cell drills to the run log with the same count ($lang)',
    async (l) => {
      const matrix = await session.api<MatrixResult>(RUN_EVIDENCE_API.matrix, { method: 'POST', body: {} });
      expect(matrix.cells.length).toBeGreaterThan(0);
      const cell = [...matrix.cells].sort((a, b) => b.alarmsInRange - a.alarmsInRange)[0];
      if (!cell) throw new Error('no cell');
      // The demo's alarms and the one just reported: some binding alarmed in the last 24 h.
      expect(cell.alarmsInRange).toBeGreaterThan(0);

      const page = await session.loggedInPage(l.lang);
      await page.goto('/selfCheck/sceneCameraAlgorithms');
      await page.getByTestId('scene-camera-algorithms-page').waitFor();
      expect(await page.getByTestId('matrix-legend').innerText()).toContain(l.legend);
      const button = page.getByTestId(`matrix-cell-${cell.bindingId}`);
      await button.waitFor();
      expect(await page.locator('[data-testid^="matrix-cell-"]').count()).toBe(matrix.cells.length);
      expect(['red', 'amber', 'green', 'grey']).toContain(await button.getAttribute('data-colour'));
      const shown = Number(await button.innerText());
      await button.click();
      const popover = page.getByTestId(`matrix-popover-${cell.bindingId}`);
      await popover.waitFor();
      expect(Number(await page.getByTestId(`matrix-popover-count-${cell.bindingId}`).innerText())).toBe(
        shown,
      );
      expect(await page.getByTestId(`matrix-link-errors-${cell.bindingId}`).getAttribute('href')).toBe(
        `/selfCheck/cameraErrorLog?cameraId=${cell.cameraId}`,
      );

      await page.getByTestId(`matrix-link-run-log-${cell.bindingId}`).click();
      await page.waitForURL((url) => url.pathname === '/selfCheck/alarmRunLog');
      const params = new URL(page.url()).searchParams;
      expect([params.get('sceneId'), params.get('cameraId'), params.get('algorithmId')]).toEqual([
        String(cell.sceneId),
        String(cell.cameraId),
        String(cell.algorithmId),
      ]);
      await page.getByTestId('alarm-run-log-page').waitFor();
      const count = page.getByTestId(`run-log-count-${cell.bindingId}`);
      await count.waitFor();
      expect(Number(await count.innerText())).toBe(shown);
      expect(await page.getByTestId('run-log-table').innerText()).toContain(l.alarms);
      // The run log holds this binding only.
      expect(await page.locator('[data-testid^="run-log-row-"]').count()).toBe(1);
      await page.close();
    },
  );
});
