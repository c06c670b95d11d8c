import type { MenuItem, UserInfo } from '@sentinel/contract';
import { create } from 'zustand';
import { getCookie, removeCookie, setCookie } from '../utils/cookie.ts';

export const TOKEN_COOKIE = 'user_token';

interface UserState {
  token: string;
  id: number | null;
  name: string;
  avatar: string;
  introduction: string;
  /** Empty until user info is loaded (the guard's "roles not loaded" test). */
  roles: string[];
  mustChangePassword: boolean;
  /** Server menu list and the menu codes it grants. */
  menus: MenuItem[];
  grantedCodes: string[];
  menusLoaded: boolean;
  /** Second flag of the alarm panel poll (SPEC §4): the panel polls only while this is on. */
  alarmPanelEnabled: boolean;
  setAlarmPanelEnabled: (value: boolean) => void;
  setToken: (token: string) => void;
  setUser: (info: UserInfo, menus: MenuItem[]) => void;
  setMustChangePassword: (value: boolean) => void;
  /** Local logout: forget token, user, roles and menus. */
  resetSession: () => void;
}

const empty = {
  id: null,
  name: '',
  avatar: '',
  introduction: '',
  roles: [] as string[],
  mustChangePassword: false,
  menus: [] as MenuItem[],
  grantedCodes: [] as string[],
  menusLoaded: false,
};

export const useUserStore = create<UserState>()((set) => ({
  token: getCookie(TOKEN_COOKIE) ?? '',
  ...empty,
  alarmPanelEnabled: true,
  setAlarmPanelEnabled: (alarmPanelEnabled) => set({ alarmPanelEnabled }),
  setToken: (token) => {
    setCookie(TOKEN_COOKIE, token);
    set({ token, ...empty });
  },
  setUser: (info, menus) =>
    set({
      id: info.id,
      name: info.name,
      avatar: info.avatar,
      introduction: info.introduction,
      roles: info.roles,
      mustChangePassword: info.mustChangePassword,
      menus,
      grantedCodes: menus.map((m) => m.code),
      menusLoaded: true,
    }),
  setMustChangePassword: (mustChangePassword) => set({ mustChangePassword }),
  resetSession: () => {
    removeCookie(TOKEN_COOKIE);
    set({ token: '', ...empty });
  },
}));

/** Token as the request layer sees it (store first, cookie as the source of truth at start). */
export function currentToken(): string {
  return useUserStore.getState().token;
}
