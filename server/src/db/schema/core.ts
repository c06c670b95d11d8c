import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const account = pgTable('account', {
  id: serial('id').primaryKey(),
  accountName: text('account_name').notNull().unique(),
  displayName: text('display_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(true),
  locked: boolean('locked').notNull().default(false),
  avatar: text('avatar').notNull().default(''),
  introduction: text('introduction').notNull().default(''),
  /** UI language chosen in account settings ('' = not chosen: cookie / browser decide). */
  language: text('language').notNull().default(''),
  lastSignTime: ts('last_sign_time'),
  /** Scene authority: true sees every scene; false only the scenes in account_scene. */
  allScenes: boolean('all_scenes').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const role = pgTable('role', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull().default(''),
  description: text('description').notNull().default(''),
  isGlobal: boolean('is_global').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const accountRole = pgTable(
  'account_role',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_role_role_idx').on(t.roleId)],
);

export const menu = pgTable('menu', {
  /** Id from the contract's MENU_TREE (fixed ids of SPEC §2 included). */
  id: integer('id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  /** 1 page, 4 dynamic page, -1 external link. */
  type: smallint('type').notNull().default(1),
  url: text('url').notNull().default(''),
  data: text('data'),
  sort: integer('sort').notNull().default(0),
});

export const roleMenu = pgTable(
  'role_menu',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menu.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const roleButton = pgTable(
  'role_button',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.code] })],
);

export const session = pgTable(
  'session',
  {
    /** sha256 (hex) of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** Absolute expiry. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('session_account_idx').on(t.accountId)],
);

export const captcha = pgTable(
  'captcha',
  {
    key: text('key').primaryKey(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('captcha_expires_idx').on(t.expiresAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id'),
    accountName: text('account_name').notNull().default(''),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_account_idx').on(t.accountId, t.createdAt),
  ],
);

export const exportFile = pgTable(
  'export_file',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileUrl: text('file_url'),
    /** 1 completed, otherwise generating (SPEC §4). */
    state: smallint('state').notNull().default(0),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    /** The instance producing it (platform/job-lease.ts) and how long its claim holds unrenewed. */
    owner: text('owner'),
    leaseUntil: ts('lease_until'),
    /** When it completed or failed (the exports queue's throughput on the queue monitor). */
    finishedAt: ts('finished_at'),
    /** Why it failed (a message code the download center shows), '' otherwise. */
    failure: text('failure').notNull().default(''),
    /** The export's filters, so a failed export can be run again as it was asked for. */
    filters: jsonb('filters'),
  },
  (t) => [index('export_file_account_idx').on(t.accountId, t.gmtCreate)],
);

export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
