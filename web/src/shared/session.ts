import { usePermissionStore } from './stores/permission-store.ts';
import { useTagsViewStore } from './stores/tags-view-store.ts';
import { useUserStore } from './stores/user-store.ts';

/** Local logout (SPEC §4): clear token, user, roles, menus, generated routes and tabs. */
export function logoutLocally() {
  useUserStore.getState().resetSession();
  usePermissionStore.getState().reset();
  useTagsViewStore.getState().reset();
}
