import type { Lang } from '@sentinel/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Device = 'desktop' | 'mobile';
export type Size = 'large' | 'medium' | 'small';

interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  language: Lang;
  size: Size;
  /** Application name and logo from GET application/ (fallback name until loaded). */
  appName: string;
  appLogo: string;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  openSidebar: () => void;
  setDevice: (device: Device) => void;
  setLanguage: (language: Lang) => void;
  setSize: (size: Size) => void;
  setAppInfo: (name: string, logo: string) => void;
}

export const DEFAULT_APP_NAME = 'Sentinel Console';

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      sidebar: { opened: true, withoutAnimation: false },
      device: 'desktop',
      language: 'en',
      size: 'medium',
      appName: DEFAULT_APP_NAME,
      appLogo: '',
      toggleSidebar: () => set((s) => ({ sidebar: { opened: !s.sidebar.opened, withoutAnimation: false } })),
      closeSidebar: (withoutAnimation) => set({ sidebar: { opened: false, withoutAnimation } }),
      openSidebar: () => set({ sidebar: { opened: true, withoutAnimation: false } }),
      setDevice: (device) => set({ device }),
      setLanguage: (language) => set({ language }),
      setSize: (size) => set({ size }),
      setAppInfo: (appName, appLogo) => set({ appName: appName || DEFAULT_APP_NAME, appLogo }),
    }),
    {
      name: 'sentinel-app',
      storage: createJSONStorage(() => localStorage),
      // Language lives in the `language` cookie; only the sidebar choice and size persist here.
      partialize: (s) => ({ sidebar: { opened: s.sidebar.opened, withoutAnimation: false }, size: s.size }),
    },
  ),
);
