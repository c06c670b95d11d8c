import type { RoleAuth, RoleMenuNode } from '@sentinel/contract';

/**
 * What the authorise drawer edits: the granted page codes and button codes. Groups (nodes with
 * children) are never stored: they follow their pages (the server adds a granted page's parent
 * groups on save). Rules:
 * - checking a page checks nothing else (not its buttons);
 * - checking a button grants its page too; unchecking a page drops its buttons;
 * - checking a group grants all its grantable pages (buttons untouched); unchecking drops them
 *   and their buttons;
 * - nodes that are not grantable (admin-only) are never changed.
 */
export interface Grants {
  pages: Set<string>;
  buttons: Set<string>;
}

export const emptyGrants = (): Grants => ({ pages: new Set(), buttons: new Set() });

export const isGroup = (node: RoleMenuNode): boolean => node.children.length > 0;

/** Every node, depth first in tree order, with its depth. */
export function flatten(tree: RoleMenuNode[], depth = 0): { node: RoleMenuNode; depth: number }[] {
  return tree.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

/** The pages (leaves) under a node, the node itself when it is a page. */
export function pagesUnder(node: RoleMenuNode): RoleMenuNode[] {
  return isGroup(node) ? node.children.flatMap(pagesUnder) : [node];
}

/** Grantable pages under a node. */
const grantablePages = (node: RoleMenuNode) => pagesUnder(node).filter((p) => p.grantable);

function findNode(tree: RoleMenuNode[], code: string): RoleMenuNode | undefined {
  return flatten(tree).find(({ node }) => node.code === code)?.node;
}

const copy = (grants: Grants): Grants => ({ pages: new Set(grants.pages), buttons: new Set(grants.buttons) });

/** The grants after checking or unchecking a page or group. */
export function togglePage(tree: RoleMenuNode[], grants: Grants, code: string, checked: boolean): Grants {
  const node = findNode(tree, code);
  if (!node) return grants;
  const next = copy(grants);
  for (const page of grantablePages(node)) {
    if (checked) next.pages.add(page.code);
    else {
      next.pages.delete(page.code);
      for (const button of page.buttons) next.buttons.delete(button.code);
    }
  }
  return next;
}

/** The grants after checking or unchecking one button of a page (checking grants the page). */
export function toggleButton(
  tree: RoleMenuNode[],
  grants: Grants,
  pageCode: string,
  buttonCode: string,
  checked: boolean,
): Grants {
  const page = findNode(tree, pageCode);
  if (!page?.grantable || !page.buttons.some((b) => b.code === buttonCode)) return grants;
  const next = copy(grants);
  if (checked) {
    next.buttons.add(buttonCode);
    next.pages.add(pageCode);
  } else next.buttons.delete(buttonCode);
  return next;
}

/**
 * antd Tree `checkedKeys` (checkStrictly) of the grants: a page is checked when granted; a group
 * is checked when all its grantable pages are, half-checked when some are.
 */
export function checkState(
  tree: RoleMenuNode[],
  grants: Grants,
): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const { node } of flatten(tree)) {
    if (!isGroup(node)) {
      if (grants.pages.has(node.code)) checked.push(node.code);
      continue;
    }
    const pages = grantablePages(node);
    const held = pages.filter((p) => grants.pages.has(p.code)).length;
    if (pages.length > 0 && held === pages.length) checked.push(node.code);
    else if (held > 0) halfChecked.push(node.code);
  }
  return { checked, halfChecked };
}

/** Grants from the server's answer: only known grantable pages and their own buttons are kept. */
export function fromAuth(tree: RoleMenuNode[], auth: Pick<RoleAuth, 'menuCodes' | 'buttons'>): Grants {
  const menus = new Set(auth.menuCodes);
  const buttons = new Set(auth.buttons);
  const grants = emptyGrants();
  for (const { node } of flatten(tree)) {
    if (isGroup(node) || !node.grantable) continue;
    if (menus.has(node.code)) grants.pages.add(node.code);
    for (const button of node.buttons) {
      if (buttons.has(button.code)) {
        grants.buttons.add(button.code);
        grants.pages.add(node.code);
      }
    }
  }
  return grants;
}

/** The body of POST role/auth: granted pages with their parent groups, in tree order, and buttons. */
export function toAuth(tree: RoleMenuNode[], grants: Grants, roleId: number): RoleAuth {
  const menuCodes: string[] = [];
  const buttons: string[] = [];
  const visit = (node: RoleMenuNode): boolean => {
    if (isGroup(node)) {
      const at = menuCodes.length;
      const any = node.children.map(visit).some(Boolean);
      if (any && node.grantable) menuCodes.splice(at, 0, node.code);
      return any;
    }
    if (!node.grantable || !grants.pages.has(node.code)) return false;
    menuCodes.push(node.code);
    for (const button of node.buttons) if (grants.buttons.has(button.code)) buttons.push(button.code);
    return true;
  };
  tree.forEach(visit);
  return { roleId, menuCodes, buttons };
}

/** Every grantable page and button: what the built-in admin role holds. */
export function allGrants(tree: RoleMenuNode[]): Grants {
  const grants = emptyGrants();
  for (const { node } of flatten(tree)) {
    if (isGroup(node)) continue;
    grants.pages.add(node.code);
    for (const button of node.buttons) grants.buttons.add(button.code);
  }
  return grants;
}

/** Granted buttons of one page. */
export const grantedButtonCount = (page: RoleMenuNode, grants: Grants): number =>
  page.buttons.filter((b) => grants.buttons.has(b.code)).length;
