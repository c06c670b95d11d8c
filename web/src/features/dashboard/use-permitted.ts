import { MENU_TREE } from '@sentinel/contract';
import { useMemo } from 'react';
import { computePermitted } from '@/shared/permission/permitted.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';

/** The route codes the user may open (a figure links only where its user may go). */
export function usePermitted(): ReadonlySet<string> {
  const granted = useUserStore((s) => s.grantedCodes);
  const roles = useUserStore((s) => s.roles);
  return useMemo(() => computePermitted(MENU_TREE, granted, roles), [granted, roles]);
}
