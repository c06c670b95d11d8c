import { usePermissionStore } from './stores/permission-store.ts';
import { useTagsViewStore } from './stores/tags-view-store.ts';
import { useUserStore } from './stores/user-store.ts';
import { useVideoWallStore } from './stores/video-wall-store.ts';

/**
 * Local logout (SPEC §4): clear token, user, roles, menus, generated routes and tabs; the next
 * user starts on the layout, not on the video wall left open (each user's wall stays saved).
 */
export function logoutLocally() {
  useUserStore.getState().resetSession();
  usePermissionStore.getState().reset();
  useTagsViewStore.getState().reset();
  useVideoWallStore.getState().closeWall();
}
