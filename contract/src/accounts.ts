import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordKinds } from './session.ts';
import { pageQuery, recordId } from './validators.ts';

/**
 * Accounts administration (SPEC §3 "Account", §5, §6, §7 "Accounts"): accounts, their roles, lock
 * status, scene authority (single and batch) and regional authority. Paths not shown in the SPEC
 * are marked "ours". The self-service password change stays `API.changePassword` (session.ts).
 */
const BASE = '/api/v2/backend';

export const ACCOUNT_API = {
  /** POST {@link accountListQuery} → {@link AccountListResponse}. Needs menu `accounts`. */
  list: `${BASE}/account/list`,
  /** POST {@link accountCreateBody} → {@link AccountCreateResponse}. Button `accounts:add`. */
  create: `${BASE}/account/`,
  /** PUT {@link accountUpdateBody} → {@link AccountItem}. Button `accounts:edit`. */
  update: `${BASE}/account/`,
  /** GET → {@link AccountItem}. Needs menu `accounts`. */
  detail: (id: number) => `${BASE}/account/${id}`,
  /** GET → {@link AccountSimple} (any logged-in user; cacheable by id). */
  simple: (id: number) => `${BASE}/account/${id}/simple`,
  /** GET → {@link AccountSelf}: the caller's own account (any logged-in user). */
  me: `${BASE}/account/detail`,
  /** PUT {@link accountLockBody} → {@link AccountItem}. Button `accounts:lock`. Locking ends the account's sessions at once. */
  lockStatus: `${BASE}/account/lockStatus`,
  /** GET → {@link AccountLastSignTime}. Needs menu `accounts`. */
  lastSignTime: (id: number) => `${BASE}/account/lastSignTime/${id}`,
  /** GET → {@link AccountPermission}: the effective menus, buttons and scene/region authority. Needs menu `accounts`. */
  permission: (id: number) => `${BASE}/account/permission/${id}`,
  /** POST {@link accountRoleBody} → {@link AccountRoleRef}[]. Button `accounts:role`. */
  setRoles: `${BASE}/account/role`,
  /** GET → {@link AccountRoleRef}[]. Needs menu `accounts`. */
  roles: (id: number) => `${BASE}/account/${id}/role`,
  /** Ours. PUT (no body) → {@link AccountResetPasswordResponse}. Button `accounts:resetPassword`. */
  resetPassword: (id: number) => `${BASE}/account/${id}/resetPassword`,
  /** Ours. DELETE → null. Button `accounts:delete`. */
  remove: (id: number) => `${BASE}/account/${id}`,
  /** Ours. POST {@link accountRegionBody} → {@link AccountRegionResponse}. Button `accounts:authority`. */
  region: `${BASE}/account/region`,
  /** POST {@link sceneAuthorityBody} → {@link SceneAuthorityResponse}. Button `accounts:authority`. */
  sceneAuthority: `${BASE}/scene/authority`,
  /** POST {@link sceneBatchAuthorityBody} → {@link SceneAuthorityResponse}[]. Button `accounts:authority`. */
  sceneBatchAuthority: `${BASE}/scene/batch/authority`,
  /**
   * GET → {@link AuthorityScene}[]: the scenes under plant node `plantNodeId` (its whole subtree;
   * 0 = every scene), each with whether `accountId` is granted it (SPEC `scene/{a}/{b}/scene`).
   * Needs menu `accounts`.
   */
  authorityScenes: (accountId: number, plantNodeId: number) =>
    `${BASE}/scene/${accountId}/${plantNodeId}/scene`,
} as const;

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Letters, digits, dot, dash, underscore; 2–30 characters (message `account.nameInvalid`). */
export const ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9._-]{2,30}$/;
const PHONE_PATTERN = /^1\d{10}$/;
const EMAIL_CHECK = z.email();

const id = recordId('field.invalid');

/** Account name: trimmed; Chinese → 'field.accountNotChinese'; else the pattern → 'account.nameInvalid'. */
export const accountName = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .refine((v) => !CHINESE.test(v), { error: 'field.accountNotChinese', abort: true })
  .refine((v) => ACCOUNT_NAME_PATTERN.test(v), { error: 'account.nameInvalid' });

/** Display name (free text, may be Chinese), up to 50 characters; '' allowed. */
export const accountDisplayName = z
  .string({ error: 'field.invalid' })
  .trim()
  .max(50, { error: 'field.tooLong' })
  .default('');

/** Phone: '' (none) or 11 digits starting with 1 (SPEC §5) → 'field.phone'. */
export const accountPhone = z
  .string({ error: 'field.phone' })
  .trim()
  .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: 'field.phone' })
  .default('');

/** Email: '' (none) or an email address (≤ 100) → 'field.email'. */
export const accountEmail = z
  .string({ error: 'field.email' })
  .trim()
  .refine((v) => v === '' || (v.length <= 100 && EMAIL_CHECK.safeParse(v).success), { error: 'field.email' })
  .default('');

/** Role ids: at least one ('account.roleRequired'); an unknown id answers 400 'field.invalid' (field roleIds). */
export const accountRoleIds = z
  .array(id, { error: 'account.roleRequired' })
  .min(1, { error: 'account.roleRequired' })
  .max(50, { error: 'field.invalid' });

/**
 * Optional password: absent or '' means "none given"; otherwise the strict rule of SPEC §5
 * (15–30 characters, three of four kinds): > 30 → 'password.tooLong', weak → 'password.rule'.
 */
export const optionalStrictPassword = z
  .string({ error: 'password.rule' })
  .max(PASSWORD_MAX, { error: 'password.tooLong' })
  .refine((v) => v === '' || (v.length >= PASSWORD_MIN && passwordKinds(v) >= 3), { error: 'password.rule' })
  .optional();

// ---------------------------------------------------------------- bodies

/** POST account/list. */
export const accountListQuery = pageQuery.extend({
  /** Matches account name, display name, phone or email (substring, case-insensitive). */
  keyword: z.string().trim().max(100).default(''),
  /** Only accounts holding this role. */
  roleId: id.optional(),
  /** Only locked (true) or unlocked (false) accounts. */
  locked: z.boolean().optional(),
});
export type AccountListQuery = z.input<typeof accountListQuery>;

/** POST account/ (create). */
export const accountCreateBody = z.object({
  /** Login name; unique ('account.nameTaken', 409); cannot be changed later. */
  accountName,
  /** Name shown in the console. */
  displayName: accountDisplayName,
  /** '' or 11 digits starting with 1. */
  phone: accountPhone,
  /** '' or an email address. */
  email: accountEmail,
  /** Roles held (≥ 1). */
  roleIds: accountRoleIds,
  /**
   * Optional password (strict rule). Absent or '': the server generates a strong initial password,
   * answers it ONCE as `initialPassword`, and the account must change it at first login.
   */
  password: optionalStrictPassword,
  /**
   * Only when a password is given: whether the account must change it at first login
   * (default true — the administrator knows it). Always true for a generated password.
   */
  mustChangePassword: z.boolean().optional(),
});
export type AccountCreateBody = z.input<typeof accountCreateBody>;

/** PUT account/ (edit). The account name cannot change. */
export const accountUpdateBody = z.object({
  id,
  displayName: accountDisplayName,
  phone: accountPhone,
  email: accountEmail,
  /** Replaces the roles held (≥ 1). Removing the admin role follows the last-admin / self rules. */
  roleIds: accountRoleIds,
  /**
   * Optional new password (strict rule); absent or '' keeps the current one. A new password ends
   * every session of the account.
   */
  password: optionalStrictPassword,
  /**
   * Only with a new password: must it be changed at next login (default true for another
   * account, false for one's own).
   */
  mustChangePassword: z.boolean().optional(),
});
export type AccountUpdateBody = z.input<typeof accountUpdateBody>;

/** PUT account/lockStatus. */
export const accountLockBody = z.object({
  id,
  /** true locks (the account's sessions end at once; it cannot log in), false unlocks. */
  locked: z.boolean({ error: 'field.invalid' }),
});
export type AccountLockBody = z.input<typeof accountLockBody>;

/** POST account/role: replaces the roles of an account. */
export const accountRoleBody = z.object({
  accountId: id,
  roleIds: accountRoleIds,
});
export type AccountRoleBody = z.input<typeof accountRoleBody>;

/** Ours. POST account/region: replaces the regions (plant nodes) an account manages. */
export const accountRegionBody = z.object({
  accountId: id,
  /** Plant node ids (factory, plant or area); [] clears. Unknown ids → 400. */
  regionIds: z.array(id, { error: 'field.invalid' }).max(500, { error: 'field.invalid' }),
});
export type AccountRegionBody = z.input<typeof accountRegionBody>;

/** POST scene/authority. */
export const sceneAuthorityBody = z.object({
  accountId: id,
  /** true: the account sees every scene (sceneIds and regions then do not matter). */
  allScenes: z.boolean({ error: 'field.invalid' }),
  /** Scenes granted one by one (replaces the previous list; [] clears). Unknown ids → 400. */
  sceneIds: z.array(id, { error: 'field.invalid' }).max(5000, { error: 'field.invalid' }),
});
export type SceneAuthorityBody = z.input<typeof sceneAuthorityBody>;

/** POST scene/batch/authority: the same authority for several accounts at once. */
export const sceneBatchAuthorityBody = z.object({
  /** Accounts (≥ 1). Unknown ids → 400. */
  accountIds: z
    .array(id, { error: 'field.required' })
    .min(1, { error: 'field.required' })
    .max(500, { error: 'field.invalid' }),
  allScenes: z.boolean({ error: 'field.invalid' }),
  sceneIds: z.array(id, { error: 'field.invalid' }).max(5000, { error: 'field.invalid' }),
});
export type SceneBatchAuthorityBody = z.input<typeof sceneBatchAuthorityBody>;

/** Path params of scene/{accountId}/{plantNodeId}/scene (plantNodeId 0 = every scene). */
export const authorityScenesParams = z.object({
  accountId: id,
  plantNodeId: z.coerce
    .number({ error: 'field.invalid' })
    .int({ error: 'field.invalid' })
    .min(0, { error: 'field.invalid' }),
});

// ---------------------------------------------------------------- answers

/** A role as shown on an account. */
export const accountRoleRef = z.object({
  id: z.number(),
  /** Role code, e.g. 'admin', 'operator'. */
  name: z.string(),
  /** Human name of the role. */
  displayName: z.string(),
});
export type AccountRoleRef = z.infer<typeof accountRoleRef>;

/** One account in the list and in GET account/{id}. Never carries a password or hash. */
export const accountItem = z.object({
  id: z.number(),
  accountName: z.string(),
  displayName: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Roles held, by role id. */
  roles: z.array(accountRoleRef),
  locked: z.boolean(),
  /** ISO 8601 time of the last successful login, null if never. */
  lastSignTime: z.string().nullable(),
  /** Scene authority: sees every scene. */
  allScenes: z.boolean(),
  /** Scenes granted one by one (meaningful when allScenes is false). */
  sceneCount: z.number(),
  /** Regions (plant node ids) the account manages: their scenes (and those below) are visible. */
  regionIds: z.array(z.number()),
  /** Still holds an initial / administrator-set password that must be changed at next login. */
  mustChangePassword: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AccountItem = z.infer<typeof accountItem>;

export const accountListResponse = z.object({ list: z.array(accountItem), count: z.number() });
export type AccountListResponse = z.infer<typeof accountListResponse>;

/** POST account/ answer. */
export const accountCreateResponse = z.object({
  account: accountItem,
  /** The generated initial password — present only when none was given; shown ONCE, never again. */
  initialPassword: z.string().optional(),
});
export type AccountCreateResponse = z.infer<typeof accountCreateResponse>;

/** GET account/{id}/simple. */
export const accountSimple = z.object({ id: z.number(), accountName: z.string(), displayName: z.string() });
export type AccountSimple = z.infer<typeof accountSimple>;

/** GET account/detail: the caller's own account. */
export const accountSelf = accountItem;
export type AccountSelf = AccountItem;

/** GET account/lastSignTime/{id}. */
export const accountLastSignTime = z.object({
  id: z.number(),
  /** ISO 8601, null if the account never logged in. */
  lastSignTime: z.string().nullable(),
});
export type AccountLastSignTime = z.infer<typeof accountLastSignTime>;

/** GET account/permission/{id}: what the account may do and see. */
export const accountPermission = z.object({
  /** Holds the admin role (then every menu and button). */
  isAdmin: z.boolean(),
  /** Granted menu (page) codes. */
  menus: z.array(z.string()),
  /** Granted button codes (`<routeName>:<action>`). */
  buttons: z.array(z.string()),
  /** Sees every scene. */
  allScenes: z.boolean(),
  /** Scenes granted one by one. */
  sceneIds: z.array(z.number()),
  /** Regions (plant node ids) managed. */
  regionIds: z.array(z.number()),
});
export type AccountPermission = z.infer<typeof accountPermission>;

/** PUT account/{id}/resetPassword answer: the new initial password, shown ONCE. */
export const accountResetPasswordResponse = z.object({ initialPassword: z.string() });
export type AccountResetPasswordResponse = z.infer<typeof accountResetPasswordResponse>;

/** POST account/region answer. */
export const accountRegionResponse = z.object({ accountId: z.number(), regionIds: z.array(z.number()) });
export type AccountRegionResponse = z.infer<typeof accountRegionResponse>;

/** POST scene/authority answer (one per account for the batch). */
export const sceneAuthorityResponse = z.object({
  accountId: z.number(),
  allScenes: z.boolean(),
  sceneIds: z.array(z.number()),
});
export type SceneAuthorityResponse = z.infer<typeof sceneAuthorityResponse>;

/** One row of the authority dialog (GET scene/{accountId}/{plantNodeId}/scene). */
export const authorityScene = z.object({
  id: z.number(),
  name: z.string(),
  /** 'general' | 'job' | 'temporary'. */
  kind: z.string(),
  /** Plant node (area) of the scene. */
  areaId: z.number(),
  areaName: z.string(),
  enabled: z.boolean(),
  /** Granted to the account one by one (account_scene). */
  granted: z.boolean(),
  /** Visible to the account through a region it manages. */
  viaRegion: z.boolean(),
});
export type AuthorityScene = z.infer<typeof authorityScene>;
