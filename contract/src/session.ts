import { z } from 'zod';
import { MAX_INT4, pageSize, recordId } from './validators.ts';

/** SPEC §5 strict password rule: 15–30 characters, at least three of four kinds. */
export const PASSWORD_MIN = 15;
export const PASSWORD_MAX = 30;

export function passwordKinds(value: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(value)).length;
}

export const strictPassword = z
  .string({ error: 'password.required' })
  .min(1, { error: 'password.required' })
  .max(PASSWORD_MAX, { error: 'password.tooLong' })
  .refine((value) => value.length >= PASSWORD_MIN && passwordKinds(value) >= 3, { error: 'password.rule' });

export const captchaResponse = z.object({
  key: z.string(),
  /** SVG markup of the captcha image. */
  svg: z.string(),
});
export type CaptchaResponse = z.infer<typeof captchaResponse>;

export const loginBody = z.object({
  username: z
    .string({ error: 'login.usernameRequired' })
    .trim()
    .min(1, { error: 'login.usernameRequired' })
    .max(64, { error: 'field.tooLong' }),
  password: z
    .string({ error: 'password.required' })
    .min(1, { error: 'password.required' })
    .max(PASSWORD_MAX, {
      error: 'password.tooLong',
    }),
  key: z.string({ error: 'login.captchaRequired' }).min(1, { error: 'login.captchaRequired' }).max(64),
  code: z
    .string({ error: 'login.captchaRequired' })
    .trim()
    .min(1, { error: 'login.captchaRequired' })
    .max(16, { error: 'login.captchaWrong' }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({
  token: z.string(),
  /** The account still has its initial password and must change it first (SPEC §5). */
  mustChangePassword: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const userInfo = z.object({
  id: z.number(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  roles: z.array(z.string()),
  mustChangePassword: z.boolean(),
  /** UI language chosen in account settings ('en' | 'zh-CN'; '' = not chosen). Applied at login. */
  language: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const changePasswordBody = z.object({
  /** Current password. */
  password: z
    .string({ error: 'password.required' })
    .min(1, { error: 'password.required' })
    .max(PASSWORD_MAX, {
      error: 'password.tooLong',
    }),
  newpassword: strictPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const menuItem = z.object({
  id: z.number(),
  parentId: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.union([z.literal(1), z.literal(4), z.literal(-1)]),
  url: z.string(),
  data: z.string().nullable(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const applicationInfo = z.object({
  name: z.string(),
  smallLogo: z.string(),
  /** Support phone line shown in the about dialog (SPEC §1). */
  supportPhone: z.string().optional(),
});
export type ApplicationInfo = z.infer<typeof applicationInfo>;

export const exportFile = z.object({
  id: z.number(),
  fileName: z.string(),
  fileUrl: z.string().nullable(),
  /** 1 completed, otherwise still generating (SPEC §4). */
  state: z.number(),
  gmtCreate: z.string(),
  /** Why a failed file failed, in the caller's language ('' otherwise). */
  failureReason: z.string(),
  /** A failed file that can be generated again as it was asked for (POST export/{id}/retry). */
  retryable: z.boolean(),
});
export type ExportFile = z.infer<typeof exportFile>;

export const exportListResponse = z.object({ list: z.array(exportFile), count: z.number() });

export const exportListQuery = z.object({
  pageIndex: z.coerce.number().int().min(1).max(MAX_INT4).default(1),
  /** SPEC §9: 10, 20, 30 or 50 (the download center uses 10). */
  pageSize,
  keyword: z.string().max(100).optional().default(''),
});
export type ExportListQuery = z.infer<typeof exportListQuery>;

export const routeNameParams = z.object({ name: z.string().min(1).max(64) });
export const idParams = z.object({ id: recordId('field.invalid') });
