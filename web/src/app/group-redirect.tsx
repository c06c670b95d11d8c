import { Navigate, useLocation } from 'react-router';
import { firstPermittedChild, nodeByCode } from '../shared/permission/permitted.ts';
import { usePermissionStore } from '../shared/stores/permission-store.ts';

/** A group path opens its first permitted child (SPEC §2); "/" keeps its query for /dashboard. */
export function GroupRedirect({ code }: { code: string }) {
  const permitted = usePermissionStore((s) => s.codes);
  const { search } = useLocation();
  const node = nodeByCode(code);
  const child = node ? firstPermittedChild(node, permitted) : undefined;
  return <Navigate to={child ? `${child.path}${code === 'groupHomePage' ? search : ''}` : '/401'} replace />;
}
