import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  addView,
  delAllViews,
  delOthersViews,
  delView,
  type TagsState,
  type VisitedView,
} from './tags-view.ts';

interface TagsStore extends TagsState {
  add: (view: VisitedView) => void;
  remove: (path: string) => void;
  removeOthers: (path: string) => void;
  removeAll: () => void;
  reset: () => void;
}

export const useTagsViewStore = create<TagsStore>()(
  persist(
    (set) => ({
      visitedViews: [],
      cachedViews: [],
      add: (view) => set((s) => addView(s, view)),
      remove: (path) => set((s) => delView(s, path)),
      removeOthers: (path) => set((s) => delOthersViews(s, path)),
      removeAll: () => set((s) => delAllViews(s)),
      reset: () => set({ visitedViews: [], cachedViews: [] }),
    }),
    {
      name: 'sentinel-tags',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ visitedViews: s.visitedViews, cachedViews: s.cachedViews }),
    },
  ),
);
