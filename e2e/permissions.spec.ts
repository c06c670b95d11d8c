import {
  ACCOUNT_API,
  ALARM_API,
  flattenMenuTree,
  ROLES_API,
  SCENE_API,
  SCENE_CAMERA_API,
  type SceneCameraItem,
} from '@sentinel/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage } from './support/alarms.ts';
import { newPage } from './support/browser.ts';
import { cameraToBind } from './support/scene-cameras.ts';
import { type Session, startSession } from './support/session.ts';
import { expectPath, loginThroughForm, pickOption, rowWithCell, waitForToast } from './support/ui.ts';

// Issue 6, browser test: an administrator grants a role a few pages and one button, gives an
// account that role and one scene; the account's user sees only that, the server refuses the
// rest, and locking the account ends its session. Every admin step goes through the UI.

let session: Session;
const ROLE = 'e2e_viewer';
const ROLE_TITLE = 'E2E alarm viewer';
const ACCOUNT = 'e2e_operator';
const USER_PASSWORD = 'Viewer-Strong-Pass-2031';
/** Pages the role is granted (History records opens because two of its pages are granted). */
const GRANTED = ['groupHomePage', 'dashboard', 'historyRecords', 'historyEvent', 'historyAlarm'];

interface SceneRef {
  id: number;
  name: string;
  cameraId: number;
}
let sceneA: SceneRef;
let sceneB: SceneRef;
const alarms = { a: 0, b: 0 };

let admin: Page;
let userContext: BrowserContext;
let user: Page;
let initialPassword = '';

/** The demo scenes with a bound camera; binds one to a scene when fewer than two have one. */
async function twoScenesWithCameras(): Promise<[SceneRef, SceneRef]> {
  const { api } = session;
  const scenes = await api<{ id: number; name: string }[]>(SCENE_API.listAll, { method: 'POST', body: {} });
  const found: SceneRef[] = [];
  const bare: { id: number; name: string }[] = [];
  for (const scene of scenes) {
    if (found.some((s) => s.name === scene.name)) continue;
    const cameras = await api<{ list: SceneCameraItem[] }>(SCENE_CAMERA_API.list, {
      method: 'POST',
      body: { page: 1, limit: 10, sceneId: scene.id, keyword: '' },
    });
    const first = cameras.list[0];
    if (first) found.push({ id: scene.id, name: scene.name, cameraId: first.cameraId });
    else bare.push(scene);
    if (found.length === 2) break;
  }
  while (found.length < 2) {
    const scene = bare.shift();
    if (!scene) throw new Error('the demo plant has fewer than two scenes');
    const camera = await cameraToBind(api, scene.id, {
      model: 'E2E-PERM',
      name: 'E2E permissions camera',
      code: 'E2E-PERM-001',
      ip: '10.9.8.7',
    });
    await api(SCENE_CAMERA_API.bind, { method: 'POST', body: { sceneId: scene.id, cameraId: camera.id } });
    found.push({ id: scene.id, name: scene.name, cameraId: camera.id });
  }
  return found as [SceneRef, SceneRef];
}

beforeAll(async () => {
  session = await startSession();
  [sceneA, sceneB] = await twoScenesWithCameras();
  const { api, server } = session;
  const key = await createEngineKey(api, 'e2e-permissions');
  const { algorithmId } = await demoRefs(api);
  const image = await solidImage('#2e86c1', { width: 96, height: 64, format: 'jpeg' });
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
  const report = (scene: SceneRef, eventId: string, secondsAgo: number) =>
    ingestAlarm(
      server.url,
      key,
      {
        eventId,
        alarmTime: at(secondsAgo),
        priority: '120004',
        cameraId: scene.cameraId,
        sceneId: scene.id,
        algorithmId,
      },
      { image },
    );
  alarms.a = await report(sceneA, `e2e-perm-a-${Date.now()}`, 2);
  // Scene B's alarm is the newest: a user who saw every scene would find it on top.
  alarms.b = await report(sceneB, `e2e-perm-b-${Date.now()}`, 1);
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

/** Status and envelope of a call made by the page with its own session token (cookie user_token). */
async function callAsPage(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; message: string }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('user_token='))
          ?.slice('user_token='.length) ?? '',
      );
      const res = await fetch(path, {
        method,
        headers: { token, lang: 'en', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let message = '';
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? '';
      } catch {
        message = text;
      }
      return { status: res.status, message };
    },
    { method, path, body },
  );
}

const sidebarText = (page: Page) => page.getByTestId('sidebar').innerText();

/**
 * Waits until the last dialog has finished opening: a click during antd's zoom-in animation
 * reaches no button.
 */
async function dialogSettled(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal').last();
  await dialog.waitFor();
  await expect
    .poll(async () => /zoom-(enter|appear)/.test((await dialog.getAttribute('class')) ?? ''))
    .toBe(false);
}

describe('permissions end to end', () => {
  it('creates a role with two history pages, the home page and one button (UI)', async () => {
    admin = await session.loggedInPage();
    await admin.goto('/permission/role');
    await admin.getByTestId('roles-page').waitFor();

    await admin.getByTestId('roles-add').click();
    await admin.getByTestId('role-name').fill(ROLE);
    await admin.getByTestId('role-display-name').fill(ROLE_TITLE);
    await admin
      .getByTestId('role-description')
      .fill('Sees the history alarms of its scenes and handles them');
    await admin.getByTestId('role-submit').click();
    await waitForToast(admin, 'Role created');

    const row = admin.getByTestId(`role-row-${ROLE}`);
    await row.waitFor();
    await row.getByTestId('role-authorize').click();
    const drawer = admin.getByTestId('role-auth-drawer');
    await drawer.getByTestId('role-menu-tree').waitFor();
    await admin.getByTestId('role-node-dashboard').locator('.ant-tree-checkbox').click();
    await admin.getByTestId('role-node-historyEvent').locator('.ant-tree-checkbox').click();
    // Checking a button grants its page.
    await admin.getByTestId('role-button-historyAlarm:deal').check();
    await expect.poll(() => admin.getByTestId('role-auth-count').innerText()).toContain('1 buttons granted');
    await admin.getByTestId('role-save-auth').click();
    await waitForToast(admin, 'Grants saved');

    // The saved grants, as the server holds them.
    const roles = await session.api<{ list: { id: number; name: string }[] }>(ROLES_API.list, {
      method: 'POST',
      body: { page: 1, limit: 50, keyword: ROLE },
    });
    const roleId = roles.list.find((r) => r.name === ROLE)?.id ?? 0;
    const auth = await session.api<{ menuCodes: string[]; buttons: string[] }>(ROLES_API.auth(roleId));
    expect(auth.buttons).toEqual(['historyAlarm:deal']);
    expect(auth.menuCodes).toEqual(expect.arrayContaining(['dashboard', 'historyEvent', 'historyAlarm']));
    expect(auth.menuCodes).not.toContain('accounts');
  }, 90_000);

  it('creates an account holding the role, with authority over scene A only (UI)', async () => {
    await admin.goto('/permission/accounts');
    await admin.getByTestId('accounts-page').waitFor();
    await admin.getByTestId('accounts-add').click();
    await admin.getByTestId('account-form').waitFor();
    await admin.getByTestId('account-form-name').fill(ACCOUNT);
    await admin.getByTestId('account-form-display-name').fill('E2E operator');
    await admin.getByTestId('account-form-phone').fill('13800138006');
    await admin.getByTestId('account-form-email').fill('e2e.operator@example.com');
    await pickOption(admin, 'account-form-roles', ROLE_TITLE);
    // Close the role list by clicking the dialog's title.
    await admin.locator('.ant-modal-title', { hasText: 'Add account' }).click();
    await admin.getByTestId('account-form-submit').click();

    // No password typed: the generated initial password is shown once.
    await admin.getByTestId('initial-password').waitFor();
    initialPassword = await admin.getByTestId('initial-password-value').inputValue();
    expect(initialPassword.length).toBeGreaterThanOrEqual(15);
    await admin.getByTestId('initial-password-done').click();

    const row = admin.getByTestId(`accounts-row-${ACCOUNT}`);
    await row.waitFor();
    expect(await admin.getByTestId(`accounts-roles-${ACCOUNT}`).innerText()).toContain(ROLE_TITLE);
    // A new account sees every scene until its authority is narrowed.
    expect(await admin.getByTestId(`accounts-scenes-${ACCOUNT}`).innerText()).toBe('All scenes');

    await admin.getByTestId(`account-scene-${ACCOUNT}`).click();
    const dialog = admin.getByTestId('scene-authority');
    await dialog.getByTestId('scene-authority-tree').waitFor();
    await dialog.getByTestId(`scene-authority-scene-${sceneB.id}`).waitFor();
    await admin.getByTestId('scene-authority-all').click();
    await expect
      .poll(() => admin.getByTestId('scene-authority-all').getAttribute('aria-checked'))
      .toBe('false');
    await dialog
      .locator('.ant-tree-treenode', { has: admin.getByTestId(`scene-authority-scene-${sceneA.id}`) })
      .locator('.ant-tree-checkbox')
      .click();
    await expect.poll(() => dialog.innerText()).toContain('1 scene selected');
    await admin.getByTestId('scene-authority-submit').click();
    await expect.poll(() => admin.getByTestId('scene-authority').count()).toBe(0);
    await expect.poll(() => admin.getByTestId(`accounts-scenes-${ACCOUNT}`).innerText()).toBe('1 scene');
  }, 90_000);

  it('makes the new user change the initial password, then shows only the granted menus', async () => {
    ({ context: userContext, page: user } = await newPage(session.browser, session.server.url));
    await user.goto('/login');
    await loginThroughForm(user, ACCOUNT, initialPassword);
    await expectPath(user, '/firstLoginChangePassword');
    await user.getByTestId('cp-old').fill(initialPassword);
    await user.getByTestId('cp-new').fill(USER_PASSWORD);
    await user.getByTestId('cp-confirm').fill(USER_PASSWORD);
    await user.getByTestId('cp-submit').click();
    await waitForToast(user, 'Password changed, please log in again.');
    await expectPath(user, '/login');
    await loginThroughForm(user, ACCOUNT, USER_PASSWORD);
    await expectPath(user, '/dashboard');

    // To the history alarms through the sidebar.
    const sidebar = user.getByTestId('sidebar');
    await sidebar
      .getByRole('menuitem', { name: /History records/ })
      .first()
      .click();
    await sidebar
      .getByRole('menuitem', { name: /History alarms/ })
      .first()
      .click();
    await expectPath(user, '/historyRecords/historyAlarm');
    await user.getByTestId('history-alarm-page').waitFor();

    const text = await sidebarText(user);
    for (const title of ['Home', 'History records', 'History events', 'History alarms'])
      expect(text).toContain(title);
    const grantedTitles = flattenMenuTree()
      .filter((n) => GRANTED.includes(n.code))
      .map((n) => n.title.en);
    const others = flattenMenuTree()
      .filter((n) => !n.hidden && !GRANTED.includes(n.code))
      .map((n) => n.title.en)
      .filter((title) => !grantedTitles.some((granted) => granted.includes(title)));
    expect(others).toContain('Account management');
    expect(others.filter((title) => text.includes(title))).toEqual([]);
  }, 90_000);

  it("shows only scene A's alarms and only the granted buttons", async () => {
    const rowA = user.getByTestId(`alarm-row-${alarms.a}`);
    await rowA.waitFor();
    const table = user.getByTestId('history-alarm-table');
    const rows = table.locator('[data-testid^="alarm-row-"]');
    expect(await user.getByTestId(`alarm-row-${alarms.b}`).count()).toBe(0);
    const shown = await rows.count();
    expect(shown).toBeGreaterThan(0);
    // Every listed alarm is in scene A.
    expect(await rowWithCell(table, '[data-testid^="alarm-row-"]', sceneA.name).count()).toBe(shown);
    expect(await rowWithCell(table, '[data-testid^="alarm-row-"]', sceneB.name).count()).toBe(0);

    // Button codes: deal granted; cancel and export not.
    await user.getByTestId('alarm-batch-deal').waitFor();
    await user.getByTestId(`alarm-${alarms.a}-deal`).waitFor();
    expect(await user.getByTestId('alarm-batch-cancel').count()).toBe(0);
    expect(await user.getByTestId(`alarm-${alarms.a}-cancel`).count()).toBe(0);
    expect(await user.getByTestId('alarm-export').count()).toBe(0);
  }, 60_000);

  it('refuses the calls and the page the user was not granted', async () => {
    const accounts = await callAsPage(user, 'POST', ACCOUNT_API.list, {});
    expect(accounts.status).toBe(403);
    // The button the screen hid is refused by the server too.
    const cancel = await callAsPage(user, 'POST', ALARM_API.cancel(alarms.a), { id: alarms.a });
    expect(cancel.status).toBe(403);
    // Scene B's alarm is out of the user's authority.
    const other = await callAsPage(user, 'GET', ALARM_API.detail(alarms.b));
    expect([403, 404]).toContain(other.status);
    // Its own scene's alarm is readable.
    expect((await callAsPage(user, 'GET', ALARM_API.detail(alarms.a))).status).toBe(200);

    await user.goto('/permission/accounts');
    await expectPath(user, '/401');
    await user.getByTestId('error-401').waitFor();
    expect(await user.getByTestId('accounts-page').count()).toBe(0);
    await user.goto('/historyRecords/historyAlarm');
    await user.getByTestId(`alarm-row-${alarms.a}`).waitFor();
  }, 60_000);

  it('locks the account: its session ends and it cannot log in again', async () => {
    await admin.getByTestId(`account-lock-${ACCOUNT}`).click();
    await dialogSettled(admin);
    await admin.getByTestId('accounts-confirm-ok').click();
    await expect.poll(() => admin.getByTestId(`accounts-lock-${ACCOUNT}`).innerText()).toBe('Locked');
    await admin.getByTestId(`account-unlock-${ACCOUNT}`).waitFor();

    // The session is gone on the server at once...
    expect((await callAsPage(user, 'POST', ALARM_API.list, { page: 1, limit: 10 })).status).toBe(401);
    // ...and the user's next request (a new search of this page) shows the relogin dialog of
    // SPEC §8, even though the list refreshes silently.
    const ok = user.getByTestId('relogin-ok');
    await user.getByTestId('alarm-search').click();
    await ok.waitFor({ timeout: 15_000 });
    expect(await user.locator('.ant-modal-confirm').innerText()).toContain(
      'Login information has expired, please log in again!',
    );
    await ok.click();
    await expectPath(user, '/login');

    await loginThroughForm(user, ACCOUNT, USER_PASSWORD);
    await expect
      .poll(() => user.getByText('This account is locked. Please contact your administrator.').count())
      .toBeGreaterThan(0);
    expect(new URL(user.url()).pathname).toBe('/login');
    await userContext.close();
  }, 60_000);

  it('asks 是否确定删除？ before deleting an unused role (zh-CN)', async () => {
    await session.api(ROLES_API.save, {
      method: 'PUT',
      body: { name: 'e2e_throwaway', displayName: '临时角色', description: '' },
    });
    const page = await session.loggedInPage('zh-CN');
    await page.goto('/permission/role');
    const row = page.getByTestId('role-row-e2e_throwaway');
    await row.waitFor();
    await row.getByTestId('role-delete').click();
    await expect.poll(() => page.locator('.ant-modal-confirm').innerText()).toContain('是否确定删除？');
    await dialogSettled(page);
    await page.getByTestId('role-delete-ok').click();
    await waitForToast(page, '删除成功！');
    await expect.poll(() => row.count()).toBe(0);

    // A role that an account holds is refused, and stays.
    const held = page.getByTestId(`role-row-${ROLE}`);
    await held.getByTestId('role-delete').click();
    await dialogSettled(page);
    await page.getByTestId('role-delete-ok').click();
    await waitForToast(page, '仍有账号使用该角色，请先修改这些账号的角色');
    expect(await held.count()).toBe(1);
    await page.context().close();
  }, 60_000);
});
