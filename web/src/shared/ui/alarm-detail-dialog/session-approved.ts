import { create } from 'zustand';

interface SessionApproved {
  ids: number[];
  add: (id: number) => void;
}

/** Alarms approved in this browser session (shown in the "Approved" tab even when older than the newest page). */
const useStore = create<SessionApproved>((set) => ({
  ids: [],
  add: (id) => set((s) => ({ ids: s.ids.includes(id) ? s.ids : [id, ...s.ids] })),
}));

export const useSessionApproved = () => useStore();
export const rememberApproved = (id: number) => useStore.getState().add(id);
