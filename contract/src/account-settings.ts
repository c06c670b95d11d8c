/** Account settings (issue 15 §6): my profile, avatar and language. Password: API.changePassword. */
import { z } from 'zod';
import { accountDisplayName, accountEmail, accountPhone } from './accounts.ts';

const BASE = '/api/v2/backend';

export const ACCOUNT_SETTINGS_API = {
  /** GET → {@link MyProfile} (any logged-in user, for themselves). */
  profile: `${BASE}/accountSettings/profile`,
  /** PUT {@link myProfileBody} → {@link MyProfile}. Audited. */
  update: `${BASE}/accountSettings/profile`,
  /** POST multipart (one file: JPEG, PNG or WebP, ≤ {@link AVATAR_MAX_BYTES}) → {@link MyProfile}. */
  avatar: `${BASE}/accountSettings/avatar`,
  /** DELETE → {@link MyProfile}: back to the initial letter. */
  removeAvatar: `${BASE}/accountSettings/avatar`,
} as const;

/** An avatar upload is at most 2 MB; it is stored re-encoded as a 256×256 PNG. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;
/** '' = not chosen (the cookie or the browser decides). */
export const ACCOUNT_LANGUAGES = ['', 'en', 'zh-CN'] as const;
export const accountLanguage = z.enum(ACCOUNT_LANGUAGES, { error: 'field.invalid' });
export type AccountLanguage = z.infer<typeof accountLanguage>;

/** PUT accountSettings/profile: the same field rules as the account management form. */
export const myProfileBody = z.object({
  displayName: accountDisplayName,
  phone: accountPhone,
  email: accountEmail,
  language: accountLanguage.default(''),
});
export type MyProfileBody = z.input<typeof myProfileBody>;

export const myProfile = z.object({
  id: z.number(),
  accountName: z.string(),
  displayName: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Media URL of the avatar, '' when none. */
  avatar: z.string(),
  language: accountLanguage,
  roles: z.array(z.string()),
  lastSignTime: z.string().nullable(),
});
export type MyProfile = z.infer<typeof myProfile>;

export const ACCOUNT_SETTINGS_MESSAGES = {
  'avatar.type': {
    en: 'The file is not a JPG, PNG or WebP image (its content was checked)',
    'zh-CN': '文件不是jpg、png或webp图片（已按内容检查）',
  },
  'avatar.size': { en: 'The avatar cannot exceed 2 MB', 'zh-CN': '头像大小不能超过2MB' },
} as const;
