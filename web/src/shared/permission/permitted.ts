import { ADMIN_ROLE, flattenMenuTree, type MenuNode } from '@sentinel/contract';

/**
 * Which route codes a user may open (SPEC §2, §6): visible pages whose menu code the server
 * granted; hidden routes through their `grantedBy` code; `anyUser` routes always; `adminOnly`
 * routes only for the admin role. A group is permitted when its code is granted or one of its
 * children is permitted.
 */
export function computePermitted(tree: MenuNode[], granted: Iterable<string>, roles: string[]): Set<string> {
  const grants = new Set(granted);
  const isAdmin = roles.includes(ADMIN_ROLE);
  const result = new Set<string>();
  const visit = (node: MenuNode): boolean => {
    const childOk = (node.children ?? []).map(visit).some(Boolean);
    let ok: boolean;
    if (node.adminOnly) ok = isAdmin;
    else if (node.anyUser) ok = true;
    else if (node.hidden && node.grantedBy) ok = grants.has(node.grantedBy) || isAdmin;
    else ok = grants.has(node.code) || (isAdmin && !node.hidden) || childOk;
    if (ok) result.add(node.code);
    return ok;
  };
  tree.forEach(visit);
  return result;
}

/** First permitted, visible descendant page of a group (for the group path's redirect). */
export function firstPermittedChild(node: MenuNode, permitted: Set<string>): MenuNode | undefined {
  for (const child of node.children ?? []) {
    if (!permitted.has(child.code) || child.hidden) continue;
    if (child.children?.length) {
      const deeper = firstPermittedChild(child, permitted);
      if (deeper) return deeper;
    } else if (!child.path.includes(':')) {
      return child;
    }
  }
  return undefined;
}

export const ALL_NODES = flattenMenuTree();

export function nodeByCode(code: string, extra: MenuNode[] = []): MenuNode | undefined {
  return ALL_NODES.find((n) => n.code === code) ?? extra.find((n) => n.code === code);
}

/** Ancestry of a node in the tree (root first), following `grantedBy` for hidden pages. */
export function ancestry(code: string, tree: MenuNode[] = []): MenuNode[] {
  const path: MenuNode[] = [];
  const walk = (nodes: MenuNode[], trail: MenuNode[]): boolean => {
    for (const node of nodes) {
      if (node.code === code) {
        path.push(...trail, node);
        return true;
      }
      if (walk(node.children ?? [], [...trail, node])) return true;
    }
    return false;
  };
  walk(tree, []);
  const last = path.at(-1);
  if (last?.hidden && last.grantedBy) {
    const via =
      path.find((n) => n.code === last.grantedBy) ?? ALL_NODES.find((n) => n.code === last.grantedBy);
    if (via && !path.includes(via)) path.splice(path.length - 1, 0, via);
  }
  return path;
}
