import { lazy } from 'react';

/** What the app shell and other features use of the session feature. */
export { loadApplicationInfo } from './api/application.ts';
export { logout } from './api/login.ts';
export { fetchMenus, fetchUserInfo } from './api/user-info.ts';

/**
 * The change-password dialog (the user menu's), loaded when first opened: the layout that holds
 * the menu is on every page. Render it inside a Suspense.
 */
export const ChangePasswordDialog = lazy(() =>
  import('./components/change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
);
