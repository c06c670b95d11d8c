/** What the app shell and other features use of the session feature. */
export { loadApplicationInfo } from './api/application.ts';
export { logout } from './api/login.ts';
export { fetchMenus, fetchUserInfo } from './api/user-info.ts';
export { ChangePasswordDialog } from './components/change-password-dialog.tsx';
