import {
  BUILT_IN_ROLE,
  BUTTONS,
  MENU_TREE,
  type MenuNode,
  type RoleAuth,
  type RoleItem,
  type RoleLogItem,
  type RoleMenuNode,
  type RoleSaveBody,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseTimeFilter } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as repo from './repo.ts';

const builtIn = () => new AppError(409, 'role.builtIn');

async function mustFind(app: FastifyInstance, id: number): Promise<RoleItem> {
  const found = await repo.findRole(app.db, id);
  if (!found) throw notFound('role.notFound');
  return found;
}

/** What a role log entry records of a role (no counters or timestamps). */
const snapshot = (item: RoleItem) => ({
  name: item.name,
  displayName: item.displayName,
  description: item.description,
  isGlobal: item.isGlobal,
});

async function audit(
  app: FastifyInstance,
  request: FastifyRequest,
  action: string,
  roleId: number,
  detail: Record<string, unknown>,
): Promise<void> {
  await app.audit.write({ request, action, target: `role:${roleId}`, detail: { roleId, ...detail } });
}

export function getRole(app: FastifyInstance, id: number): Promise<RoleItem> {
  return mustFind(app, id);
}

/** PUT role: create without id, update with id. Names are unique; `admin` keeps its name. */
export async function saveRole(
  app: FastifyInstance,
  request: FastifyRequest,
  body: RoleSaveBody,
): Promise<RoleItem> {
  const now = app.appConfig.now();
  const values = { name: body.name, displayName: body.displayName, description: body.description ?? '' };
  if (body.id === undefined) {
    if (body.name === BUILT_IN_ROLE) throw conflict('role.nameTaken');
    const id = await guardWrite(() => repo.insertRole(app.db, values, now), { duplicate: 'role.nameTaken' });
    const created = await mustFind(app, id);
    await audit(app, request, 'role.create', id, { after: snapshot(created) });
    return created;
  }
  const before = await mustFind(app, body.id);
  if (before.builtIn && values.name !== before.name) throw builtIn();
  if (!before.builtIn && values.name === BUILT_IN_ROLE) throw conflict('role.nameTaken');
  await guardWrite(() => repo.updateRole(app.db, before.id, values, now), { duplicate: 'role.nameTaken' });
  const after = await mustFind(app, before.id);
  // Role names are in every session's roles: renaming changes what user info answers.
  if (before.name !== after.name) app.sessionCache.clear();
  await audit(app, request, 'role.update', before.id, { before: snapshot(before), after: snapshot(after) });
  return after;
}

/** DELETE role/{id}: refused for `admin` and while any account holds the role. */
export async function deleteRole(app: FastifyInstance, request: FastifyRequest, id: number): Promise<void> {
  const before = await mustFind(app, id);
  if (before.builtIn) throw builtIn();
  if (before.accountCount > 0) throw conflict('role.inUse');
  const grants = await repo.grantsOf(app.db, id);
  if (!(await repo.deleteUnheldRole(app.db, id))) throw conflict('role.inUse');
  // A deleted global role stops granting at once.
  app.sessionCache.clear();
  await audit(app, request, 'role.delete', id, { before: { ...snapshot(before), ...grants } });
}

/* ---- The grantable menu tree ---- */

interface TreeFacts {
  /** Visible, grantable (not adminOnly) menu codes. */
  grantable: Set<string>;
  /** Parent group codes of every visible code, nearest first. */
  parents: Map<string, string[]>;
  /** Button codes of grantable pages. */
  buttons: Set<string>;
}

function treeFacts(): TreeFacts {
  const grantable = new Set<string>();
  const parents = new Map<string, string[]>();
  const buttons = new Set<string>();
  const walk = (nodes: MenuNode[], chain: string[], adminOnly: boolean) => {
    for (const node of nodes) {
      if (node.hidden) continue;
      const closed = adminOnly || node.adminOnly === true;
      parents.set(node.code, chain);
      if (!closed) {
        grantable.add(node.code);
        for (const code of BUTTONS[node.code] ?? []) buttons.add(code);
      }
      walk(node.children ?? [], [node.code, ...chain], closed);
    }
  };
  walk(MENU_TREE, [], false);
  return { grantable, parents, buttons };
}

const FACTS = treeFacts();

const toMenuNode = (node: MenuNode, adminOnlyAbove: boolean): RoleMenuNode => {
  const adminOnly = adminOnlyAbove || node.adminOnly === true;
  return {
    id: node.id,
    code: node.code,
    title: node.title,
    adminOnly,
    grantable: !adminOnly,
    buttons: (BUTTONS[node.code] ?? []).map((code) => ({ code, action: code.slice(code.indexOf(':') + 1) })),
    children: (node.children ?? []).filter((c) => !c.hidden).map((c) => toMenuNode(c, adminOnly)),
  };
};

/** GET role/menu: the visible nodes of MENU_TREE with their buttons; adminOnly ones marked. */
export function menuTree(): RoleMenuNode[] {
  return MENU_TREE.filter((node) => !node.hidden).map((node) => toMenuNode(node, false));
}

export async function roleAuthOf(app: FastifyInstance, id: number): Promise<RoleAuth> {
  await mustFind(app, id);
  return { roleId: id, ...(await repo.grantsOf(app.db, id)) };
}

/**
 * POST role/auth: replaces the grants. Unknown, hidden or admin-only menu codes and unknown
 * buttons (or buttons of admin-only pages) → 400 `role.unknownMenu`. A granted page brings its
 * parent groups. The next call of every session sees the change.
 */
export async function saveRoleAuth(
  app: FastifyInstance,
  request: FastifyRequest,
  body: RoleAuth,
): Promise<RoleAuth> {
  const target = await mustFind(app, body.roleId);
  if (target.builtIn) throw builtIn();
  const seeded = await repo.knownMenuCodes(app.db);
  const badMenus = body.menuCodes.filter((code) => !FACTS.grantable.has(code) || !seeded.has(code));
  const badButtons = body.buttons.filter((code) => !FACTS.buttons.has(code));
  if (badMenus.length > 0 || badButtons.length > 0) {
    throw badRequest('role.unknownMenu', [
      ...badMenus.map((code) => ({ field: `menuCodes.${code}`, message: 'role.unknownMenu' })),
      ...badButtons.map((code) => ({ field: `buttons.${code}`, message: 'role.unknownMenu' })),
    ]);
  }
  const menus = new Set<string>();
  for (const code of body.menuCodes) {
    menus.add(code);
    for (const parent of FACTS.parents.get(code) ?? []) menus.add(parent);
  }
  const buttons = [...new Set(body.buttons)].sort();
  const before = await repo.grantsOf(app.db, target.id);
  await repo.replaceGrants(app.db, target.id, [...menus], buttons, app.appConfig.now());
  app.sessionCache.clear();
  const after = await repo.grantsOf(app.db, target.id);
  await audit(app, request, 'role.auth', target.id, { name: target.name, before, after });
  return { roleId: target.id, ...after };
}

/** POST role/global: at most one global role (null: none). `admin` cannot be global. */
export async function setGlobalRole(
  app: FastifyInstance,
  request: FastifyRequest,
  roleId: number | null,
): Promise<RoleItem | null> {
  const next = roleId === null ? null : await mustFind(app, roleId);
  if (next?.builtIn) throw builtIn();
  const previous = await repo.currentGlobal(app.db);
  await repo.setGlobal(app.db, roleId, app.appConfig.now());
  app.sessionCache.clear();
  await audit(app, request, 'role.global', roleId ?? previous?.id ?? 0, {
    before: previous ? { id: previous.id, name: previous.name } : null,
    after: next ? { id: next.id, name: next.name } : null,
  });
  return next ? mustFind(app, next.id) : null;
}

/** GET log/role/list. */
export async function roleLog(
  app: FastifyInstance,
  query: { page: number; limit: number; roleId?: number; startTime?: string; endTime?: string },
): Promise<{ list: RoleLogItem[]; count: number }> {
  const start = parseTimeFilter(query.startTime);
  const end = parseTimeFilter(query.endTime);
  if ((query.startTime && !start) || (query.endTime && !end)) {
    throw badRequest('field.invalid', [
      ...(query.startTime && !start ? [{ field: 'startTime', message: 'field.invalid' }] : []),
      ...(query.endTime && !end ? [{ field: 'endTime', message: 'field.invalid' }] : []),
    ]);
  }
  const { rows, count } = await repo.roleLog(app.db, { ...query, start, end });
  return {
    count,
    list: rows.map((row) => {
      const detail = (row.detail ?? {}) as Record<string, unknown>;
      const fromTarget = /^role:(\d+)$/.exec(row.target)?.[1];
      const roleId = fromTarget
        ? Number(fromTarget)
        : typeof detail.roleId === 'number'
          ? detail.roleId
          : null;
      return {
        id: row.id,
        accountName: row.accountName,
        action: row.action,
        target: row.target,
        roleId,
        detail,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}
