import { z } from 'zod';
import { idNumber, pageQuery, recordId, requiredText } from './validators.ts';

/**
 * Roles administration (/permission/role, issue 6; SPEC §6, §7 "Roles"). Every path is the SPEC's
 * except none: the SPEC shows all of them; request and answer shapes are ours (SPEC: "not shown").
 *
 * Access: reading (role/{id}, role/{id}/auth, role/menu, role/global/list, log/role/list) needs the
 * menu `role`; PUT role needs `role:add` (no id) or `role:edit` (with id); DELETE needs
 * `role:delete`; POST role/auth and POST role/global need `role:auth`.
 */
export const ROLES_API = {
  /** PUT { id?, name, displayName, description? }: creates without id, updates with id → the role. */
  save: '/api/v2/backend/role',
  /** GET → one role; DELETE → refused with 409 `role.inUse` while accounts hold it. */
  detail: (id: number) => `/api/v2/backend/role/${id}`,
  /** GET → the grantable menu tree (RoleMenuNode[]) with each page's button codes. */
  menu: '/api/v2/backend/role/menu',
  /** GET → the role's grants { roleId, menuCodes, buttons }. */
  auth: (id: number) => `/api/v2/backend/role/${id}/auth`,
  /** POST { roleId, menuCodes, buttons }: replaces the role's grants (effective at the next call). */
  saveAuth: '/api/v2/backend/role/auth',
  /** POST { roleId | null }: makes that role the global one (null: no global role). */
  global: '/api/v2/backend/role/global',
  /** POST { page, limit, keyword? } → { list: RoleItem[], count } (the role page's list). */
  list: '/api/v2/backend/role/global/list',
  /** GET → every role as { id, name, displayName, builtIn } (ours: the account page's role pickers, menu `accounts`). */
  options: '/api/v2/backend/role/options',
  /** GET ?page&limit&roleId?&startTime?&endTime? → { list: RoleLogItem[], count }, newest first. */
  log: '/api/v2/backend/log/role/list',
} as const;

/** The built-in role that holds everything; it cannot be renamed, deleted or have its grants changed. */
export const BUILT_IN_ROLE = 'admin';

/** Role names: letters, digits, `_` and `-` (they appear in user info's `roles` array). */
export const ROLE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

export const roleSaveBody = z.object({
  /** Absent: create. Present: update that role. */
  id: idNumber().optional(),
  name: requiredText(32).regex(ROLE_NAME_PATTERN, { error: 'field.invalid' }),
  displayName: requiredText(64),
  description: z.string().trim().max(200, { error: 'field.tooLong' }).optional(),
});
export type RoleSaveBody = z.infer<typeof roleSaveBody>;

export const roleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  /** The global role's grants apply to every account in addition to its own roles. */
  isGlobal: z.boolean(),
  /** The built-in admin role (not editable, deletable or re-grantable). */
  builtIn: z.boolean(),
  /** Accounts holding the role (a role held by any account cannot be deleted). */
  accountCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleItem = z.infer<typeof roleItem>;

/** A role to pick (account forms): no counts, no grants. */
export const roleOption = roleItem.pick({ id: true, name: true, displayName: true, builtIn: true });
export type RoleOption = z.infer<typeof roleOption>;

export const roleIdParams = z.object({ id: recordId('field.invalid') });

export const roleListQuery = pageQuery.extend({
  /** Matches name or display name (case-insensitive, contains). */
  keyword: z.string().trim().max(64).optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

export const roleListResult = z.object({ list: z.array(roleItem), count: z.number().int() });
export type RoleListResult = z.infer<typeof roleListResult>;

/** One node of the grantable menu tree (visible nodes of MENU_TREE, in tree order). */
export interface RoleMenuNode {
  id: number;
  code: string;
  title: { en: string; 'zh-CN': string };
  /** Only the admin role holds it: shown, but not grantable to other roles. */
  adminOnly: boolean;
  /** Grantable to a non-admin role (false for adminOnly nodes). */
  grantable: boolean;
  /** Button codes of this page (BUTTONS[code]), each with its action name; [] for groups. */
  buttons: { code: string; action: string }[];
  children: RoleMenuNode[];
}
export const roleMenuNode: z.ZodType<RoleMenuNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.object({ en: z.string(), 'zh-CN': z.string() }),
    adminOnly: z.boolean(),
    grantable: z.boolean(),
    buttons: z.array(z.object({ code: z.string(), action: z.string() })),
    children: z.array(roleMenuNode),
  }),
);

/**
 * A role's grants: menu codes and button codes. On save, granting a page implies its parent
 * groups (added by the server); unknown or admin-only codes → 400 `role.unknownMenu`.
 */
export const roleAuth = z.object({
  roleId: idNumber(),
  menuCodes: z.array(z.string().min(1).max(64)).max(1000),
  buttons: z.array(z.string().min(1).max(128)).max(2000),
});
export type RoleAuth = z.infer<typeof roleAuth>;
export const roleAuthBody = roleAuth;
export type RoleAuthBody = RoleAuth;

export const roleGlobalBody = z.object({ roleId: idNumber().nullable() });
export type RoleGlobalBody = z.infer<typeof roleGlobalBody>;

/** GET log/role/list query. Times are ISO 8601 (or epoch ms/seconds as a number string). */
export const roleLogQuery = pageQuery.extend({
  roleId: recordId().optional(),
  startTime: z.string().trim().max(40).optional(),
  endTime: z.string().trim().max(40).optional(),
});
export type RoleLogQuery = z.infer<typeof roleLogQuery>;

/** Actions written for role changes (the role log lists these and `account.role`). */
export const ROLE_ACTIONS = [
  'role.create',
  'role.update',
  'role.delete',
  'role.auth',
  'role.global',
] as const;
export type RoleAction = (typeof ROLE_ACTIONS)[number];

export const roleLogItem = z.object({
  id: z.number().int(),
  accountName: z.string(),
  /** One of ROLE_ACTIONS, or `account.role` (an account's roles changed). */
  action: z.string(),
  /** The role (or account) concerned, e.g. `role:3`. */
  target: z.string(),
  roleId: z.number().int().nullable(),
  /** { before?, after? } and other facts of the change. */
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  createdAt: z.string(),
});
export type RoleLogItem = z.infer<typeof roleLogItem>;
export const roleLogResult = z.object({ list: z.array(roleLogItem), count: z.number().int() });
export type RoleLogResult = z.infer<typeof roleLogResult>;
