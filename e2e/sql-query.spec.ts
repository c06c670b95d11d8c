import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const LANGS = [
  {
    lang: 'en-US',
    summary: /\d+ rows in \d+ ms/,
    refused: 'Only a plain SELECT is allowed',
    truncated: 'Truncated: only the first 1000 rows are shown',
    forbidden: 'This function may not be used in a query',
  },
  {
    lang: 'zh-CN',
    summary: /共 \d+ 行，用时 \d+ 毫秒/,
    refused: '只允许普通的 SELECT 查询',
    truncated: '结果已截断：仅显示（及导出）前 1000 行',
    forbidden: '查询中不允许使用该函数',
  },
];

describe('system settings: SQL query', () => {
  it.each(LANGS)('runs a query, shows a refusal and the truncated notice ($lang)', async (l) => {
    const page = await session.loggedInPage(l.lang);
    await page.goto('/systemSettings/sqlQuery');
    const editor = page.getByRole('textbox', { name: 'SQL' });
    await editor.waitFor();
    await page.getByTestId('sql-tables').waitFor();

    // A query run with Ctrl+Enter: its rows.
    await editor.fill("select id, name as role_name from role where name = 'admin'");
    await editor.press('Control+Enter');
    const table = page.getByTestId('sql-result-table');
    await table.waitFor();
    expect(await table.innerText()).toContain('role_name');
    expect(await page.getByTestId('sql-result-row-1').innerText()).toContain('admin');
    expect(await page.getByTestId('sql-summary').innerText()).toMatch(l.summary);

    // A refused statement: the reason, no rows.
    await editor.fill('delete from role');
    await page.getByTestId('sql-run').click();
    await page.getByTestId('sql-error').waitFor();
    expect(await page.getByTestId('sql-error').innerText()).toContain(l.refused);
    expect(await table.count()).toBe(0);

    await editor.fill('select pg_catalog.pg_sleep(20)');
    await page.getByTestId('sql-run').click();
    await expect.poll(() => page.getByTestId('sql-error').innerText()).toContain(l.forbidden);
    expect(await page.getByTestId('sql-error').innerText()).toContain('pg_catalog.pg_sleep');

    // More rows than the cap: the first 1000 and the notice.
    await editor.fill('select g from generate_series(1, 5000) g');
    await page.getByTestId('sql-run').click();
    await page.getByTestId('sql-truncated').waitFor();
    expect(await page.getByTestId('sql-truncated').innerText()).toContain(l.truncated);
    expect(await page.getByTestId('sql-error').count()).toBe(0);

    // A table name from the side panel goes into the editor.
    await editor.fill('select count(*) from ');
    await page.getByTestId('sql-table-camera').click();
    expect(await editor.inputValue()).toContain('camera');
    await page.close();
  });
});
