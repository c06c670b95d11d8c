import { API, type MenuItem, type UserInfo } from '@sentinel/contract';
import { request } from '@/shared/request/request.ts';

/** User info (silent: the route guard reports failures itself, SPEC §2). */
export async function fetchUserInfo(): Promise<UserInfo> {
  const data = await request<UserInfo | null>(API.userInfo, { silent: true, noRelogin: true });
  if (!data) throw new Error('user.verifyFailed');
  if (!Array.isArray(data.roles) || data.roles.length === 0) throw new Error('user.rolesEmpty');
  return data;
}

export const fetchMenus = () => request<MenuItem[]>(API.menu, { silent: true, noRelogin: true });
