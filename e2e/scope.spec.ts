import {
  type CoverageNode,
  type CoverageResult,
  type RetentionSettings,
  SCOPE_API,
} from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { confirmModal, waitForToast } from './support/ui.ts';

let session: Session;
let stored: RetentionSettings;

beforeAll(async () => {
  session = await startSession();
  const key = await createEngineKey(session.api, 'e2e-scope');
  const refs = await demoRefs(session.api);
  const frame = await solidImage('#6b3d4a', { width: 320, height: 180, format: 'jpeg' });
  // An alarm of five days ago: a two-day retention would delete it.
  await ingestAlarm(
    session.server.url,
    key,
    {
      cameraId: refs.cameraId,
      algorithmId: refs.algorithmId,
      priority: '120002',
      eventId: uniqueEventId('e2e-scope'),
      alarmTime: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    },
    { image: frame },
  );
  stored = await session.api<RetentionSettings>(SCOPE_API.retention);
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const LANGS = [
  {
    lang: 'en-US',
    alarms: 'Alarm records',
    confirm: 'the next run will delete',
    saved: 'Saved successfully',
    area: 'Area',
  },
  { lang: 'zh-CN', alarms: '报警记录', confirm: '下次运行将删除', saved: '保存成功', area: '区域' },
] as const;

describe('data scope', () => {
  it.each(LANGS)(
    'previews what a shorter retention deletes, confirms before saving it, and shows the covered areas ($lang)',
    async (l) => {
      await session.api(SCOPE_API.retention, { method: 'PUT', body: stored });
      const page = await session.loggedInPage(l.lang);
      await page.goto('/systemSettings/scope');
      await page.getByTestId('retention-preview-table').waitFor();
      expect(await page.getByTestId('retention-card').innerText()).toContain(l.alarms);
      await expect.poll(() => page.getByTestId('preview-alarms-rows').innerText()).toBe('0');

      // Shorter periods: the preview follows the values being edited, before saving.
      for (const field of ['alarmImages', 'alarmClips', 'alarms']) {
        await page.locator(`#retention_${field}`).fill('2');
      }
      await expect
        .poll(async () => Number(await page.getByTestId('preview-alarms-rows').innerText()), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      const rows = await page.getByTestId('preview-alarms-rows').innerText();

      await page.getByTestId('retention-save').click();
      const confirm = page.getByTestId('retention-confirm');
      await confirm.waitFor();
      const text = await confirm.innerText();
      expect(text).toContain(l.confirm);
      expect(text).toContain(`${l.alarms}`);
      expect(text).toContain(rows);
      await confirmModal(page);
      await waitForToast(page, l.saved);
      await expect
        .poll(async () => (await session.api<RetentionSettings>(SCOPE_API.retention)).alarms)
        .toBe(2);

      // The covered plant tree, expanded down to the areas, with its kinds in the UI language.
      const tree = await session.api<CoverageResult>(SCOPE_API.coverage);
      const areas = (nodes: CoverageNode[]): CoverageNode[] =>
        nodes.flatMap((n) => (n.kind === 'area' ? [n] : areas(n.children)));
      const area = areas(tree.list)[0];
      if (!area) throw new Error('no area in the plant tree');
      const coverage = page.getByTestId('coverage-table');
      await page.getByTestId(`coverage-row-${area.id}`).waitFor();
      expect(await page.getByTestId(`coverage-row-${area.id}`).innerText()).toContain(l.area);
      expect(await coverage.innerText()).toContain(area.name);
      await page.close();
    },
  );
});
