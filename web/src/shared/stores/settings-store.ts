import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const DEFAULT_THEME = '#3377ff';

interface SettingsState {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  setSetting: <K extends 'theme' | 'tagsView' | 'fixedHeader' | 'sidebarLogo'>(
    key: K,
    value: SettingsState[K],
  ) => void;
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      theme: DEFAULT_THEME,
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: true,
      setSetting: (key, value) => set({ [key]: value } as Partial<SettingsState>),
    }),
    { name: 'sentinel-settings' },
  ),
);
