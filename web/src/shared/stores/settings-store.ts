import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * The default primary colour. White text on it (primary buttons, the selected menu item, the
 * active tag) has a contrast of 5.2:1, above WCAG AA's 4.5:1; the former default #3377ff had 4.0.
 */
export const DEFAULT_THEME = '#2563eb';
/** The default before issue 17 §9: a stored setting still holding it moves to the new default. */
const FORMER_DEFAULT_THEME = '#3377ff';

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
    {
      name: 'sentinel-settings',
      version: 1,
      migrate: (stored, version) => {
        const state = (stored ?? {}) as Partial<SettingsState>;
        return version < 1 && state.theme?.toLowerCase() === FORMER_DEFAULT_THEME
          ? { ...state, theme: DEFAULT_THEME }
          : state;
      },
    },
  ),
);
