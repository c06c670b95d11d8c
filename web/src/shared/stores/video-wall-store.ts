import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface VideoWallState {
  /**
   * SPEC §2 video-visible flag: on (default) shows the layout; off shows the multi-screen video
   * wall instead. Persisted (ARCHITECTURE: persisted slice `videoWall`) so a control-room screen
   * left on the wall comes back to the wall after a reload or a power cut.
   */
  videoVisible: boolean;
  /** The scene each user last watched on the wall (user id → scene id, 0 = all cameras). */
  lastScene: Record<string, number>;
  openWall: () => void;
  closeWall: () => void;
  rememberScene: (userId: number, sceneId: number) => void;
}

export const useVideoWallStore = create<VideoWallState>()(
  persist(
    (set) => ({
      videoVisible: true,
      lastScene: {},
      openWall: () => set({ videoVisible: false }),
      closeWall: () => set({ videoVisible: true }),
      rememberScene: (userId, sceneId) =>
        set((s) => ({ lastScene: { ...s.lastScene, [String(userId)]: sceneId } })),
    }),
    {
      name: 'sentinel-video-wall',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ videoVisible: s.videoVisible, lastScene: s.lastScene }),
    },
  ),
);
