import { create } from 'zustand';

/** Routes generated for the current user: the permitted route codes (SPEC §2 "generate routes"). */
interface PermissionState {
  codes: Set<string>;
  generated: boolean;
  setCodes: (codes: Set<string>) => void;
  reset: () => void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  codes: new Set(),
  generated: false,
  setCodes: (codes) => set({ codes, generated: true }),
  reset: () => set({ codes: new Set(), generated: false }),
}));
