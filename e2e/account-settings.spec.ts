import { ACCOUNT_SETTINGS_API, translate } from '@sentinel/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_PNG } from './support/model-files.ts';
import { type Session, startSession } from './support/session.ts';
import { expectPath, pickOption } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

// The account's language is applied at login: every test starts from "not chosen".
afterEach(async () => {
  await session.api(ACCOUNT_SETTINGS_API.update, { method: 'PUT', body: { displayName: '', language: '' } });
});

const LANGS = [
  {
    lang: 'en-US',
    ui: 'en',
    other: '简体中文',
    otherTitle: '个人资料',
    title: 'My profile',
    name: 'Duty lead',
  },
  {
    lang: 'zh-CN',
    ui: 'zh-CN',
    other: 'English',
    otherTitle: 'My profile',
    title: '个人资料',
    name: '值班长',
  },
] as const;

describe('account settings', () => {
  it.each(LANGS)(
    'opens from the user menu; validates, saves the profile, shows the name and avatar in the header ($lang)',
    async (l) => {
      const page = await session.loggedInPage(l.lang);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-account-settings').click();
      await expectPath(page, '/accountSettings');
      const settings = page.getByTestId('account-settings-page');
      await settings.waitFor();
      expect(await settings.innerText()).toContain(l.title);

      // The account form's own rules, in the UI language.
      await page.getByTestId('profile-phone').fill('12345');
      await page.getByTestId('profile-save').click();
      await page.getByText(translate('field.phone', l.ui)).waitFor();

      await page.getByTestId('profile-phone').fill('13800000000');
      await page.getByTestId('profile-display-name').fill(l.name);
      await page.getByTestId('profile-save').click();
      await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain(l.name);

      // A real image becomes the avatar (header too); a script named .png is refused by content.
      const input = settings.locator('input[type="file"]');
      await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: SMALL_PNG });
      await expect
        .poll(() => page.getByTestId('user-menu').locator('img').getAttribute('src'))
        .toMatch(/\/media\/avatar\/[0-9a-f]+\.png$/);
      await input.setInputFiles({
        name: 'evil.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<script>alert(1)</script>'),
      });
      expect(await page.getByTestId('avatar-error').innerText()).toContain(translate('avatar.type', l.ui));

      // The password card opens the existing change-password dialog.
      await page.getByTestId('account-change-password').click();
      await page.getByTestId('cp-old').waitFor();
      await page.keyboard.press('Escape');
      await page.close();
    },
  );

  it.each(LANGS)('switches the language at once and applies it at the next login ($lang)', async (l) => {
    const page = await session.loggedInPage(l.lang);
    await page.goto('/accountSettings');
    await page.getByTestId('account-settings-page').waitFor();
    await pickOption(page, 'profile-language', l.other);
    await page.getByTestId('profile-save').click();
    await expect.poll(() => page.getByTestId('account-settings-page').innerText()).toContain(l.otherTitle);
    await page.close();

    // A new login in a browser speaking the first language gets the account's language.
    const again = await session.loggedInPage(l.lang);
    await again.goto('/accountSettings');
    await expect.poll(() => again.getByTestId('account-settings-page').innerText()).toContain(l.otherTitle);
    await again.close();
  });
});
